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

extension Keyboard {
    /// How long `paste` and `type` wait for the user to release the hotkey's modifiers.
    public static let modifierWait = 1.0

    /// Waits (up to `modifierWait`) for the hotkey's modifiers to be released, then releases any still
    /// held and unlocks Caps Lock (see `clearModifiers`), so the keys sent next carry none of them.
    public func releaseHotkey() {
        _ = waitForModifierRelease(timeout: Self.modifierWait)
        clearModifiers()
    }

    /// `releaseHotkey` on a connection of its own, Caps Lock locked again after; does nothing without a
    /// display (a running daemon may still have one). `paste` calls it before it asks for the paste.
    public static func releaseHotkey() {
        guard let display = try? X11Display(displayName: nil), let keyboard = try? Keyboard(display: display) else { return }
        keyboard.releaseHotkey()
        keyboard.restoreLock()
    }
}
