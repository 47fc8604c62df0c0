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
