import CX11

extension Keyboard {
    /// Releases every key the server holds down (the user's separator key of a `/TITLE` trigger
    /// is still down when the daemon starts typing: a press of that key would then be swallowed
    /// as a repeat). The user's own release that follows is dropped by the server, the key
    /// being up already.
    public func releaseKeysDown() {
        let display = connection.display
        var keys = [CChar](repeating: 0, count: 32)
        XQueryKeymap(display, &keys)
        for (index, byte) in keys.enumerated() where byte != 0 {
            for bit in 0..<8 where UInt8(bitPattern: byte) & (1 << bit) != 0 {
                XTestFakeKeyEvent(display, UInt32(index * 8 + bit), False, 0)
            }
        }
        XSync(display, False)
    }
}
