import CX11
import CopypastaCore
import Glibc

extension Keyboard {
    /// The modifiers a user can hold (everything but Caps Lock and Num Lock).
    private static let heldMask = UInt32(ShiftMask | ControlMask | Mod1Mask | Mod3Mask | Mod4Mask | Mod5Mask)

    /// Waits up to `timeout` seconds for the user to release every modifier (the hotkey that started
    /// us); returns true when none is held. Waits on XKB state events, not by polling.
    public func waitForModifierRelease(timeout: Double) -> Bool {
        let deadline = monotonicSeconds() + timeout
        let display = self.connection.display
        XkbSelectEventDetails(
            display, UInt32(XkbUseCoreKbd), UInt32(XkbStateNotify), UInt(XkbModifierStateMask), UInt(XkbModifierStateMask))
        defer { XkbSelectEventDetails(display, UInt32(XkbUseCoreKbd), UInt32(XkbStateNotify), UInt(XkbModifierStateMask), 0) }
        while true {
            var state = XkbStateRec()
            XkbGetState(display, UInt32(XkbUseCoreKbd), &state)
            if UInt32(state.base_mods) & Self.heldMask == 0 { return true }
            let left = deadline - monotonicSeconds()
            guard left > 0 else { return false }
            var descriptor = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32((left * 1000).rounded(.up)))
            connection.dispatchPending()
        }
    }

    /// Releases every modifier key still down and unlocks Caps Lock, so typed text carries no
    /// modifier of the user's; `restoreLock()` locks Caps Lock again.
    public func clearModifiers() {
        let display = connection.display
        var keys = [CChar](repeating: 0, count: 32)
        XQueryKeymap(display, &keys)
        for keycode in modifierKeycodesDown(keys) { XTestFakeKeyEvent(display, UInt32(keycode), False, 0) }
        var state = XkbStateRec()
        XkbGetState(display, UInt32(XkbUseCoreKbd), &state)
        if UInt32(state.locked_mods) & UInt32(LockMask) != 0 {
            XkbLockModifiers(display, UInt32(XkbUseCoreKbd), UInt32(LockMask), 0)
            lockedCaps = true
        }
        XSync(display, False)
    }

    /// Locks Caps Lock again if `clearModifiers()` unlocked it.
    public func restoreLock() {
        guard lockedCaps else { return }
        XkbLockModifiers(connection.display, UInt32(XkbUseCoreKbd), UInt32(LockMask), UInt32(LockMask))
        XSync(connection.display, False)
        lockedCaps = false
    }

    /// The window that has the input focus now.
    public func focus() -> FocusID {
        var window: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(connection.display, &window, &revert)
        return FocusID(window: window)
    }

    /// The WM_CLASS names of the focused window or of its nearest ancestor that has one.
    public func classNames(of focus: FocusID) -> [String] {
        let display = connection.display
        var window = Window(focus.window)
        while window > 1 && window != connection.root {
            var hint = XClassHint()
            if XGetClassHint(display, window, &hint) != 0 {
                defer {
                    if let name = hint.res_name { XFree(name) }
                    if let cls = hint.res_class { XFree(cls) }
                }
                let names = [hint.res_name, hint.res_class].compactMap { $0.map { String(cString: $0) } }.filter { !$0.isEmpty }
                if !names.isEmpty { return names }
            }
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display, window, &root, &parent, &children, &count) != 0 else { break }
            if let children { XFree(children) }
            window = parent
        }
        return []
    }

    /// Binds `scalar` to the spare `keycode` (both shift levels), as its Unicode keysym above U+00FF.
    public func bind(_ keycode: UInt8, to scalar: Unicode.Scalar) {
        let symbol = KeySym(xkb_utf32_to_keysym(scalar.value))
        var symbols = [symbol, symbol]
        XChangeKeyboardMapping(connection.display, Int32(keycode), 2, &symbols, 1)
    }

    /// Gives `keycodes` back their empty mapping.
    public func unbind(_ keycodes: [UInt8]) {
        for keycode in keycodes {
            var nothing = [KeySym(0)]
            XChangeKeyboardMapping(connection.display, Int32(keycode), 1, &nothing, 1)
        }
        XSync(connection.display, False)
    }

    /// Waits until the X server has handled every request sent so far.
    public func sync() {
        XSync(connection.display, False)
    }

    private func modifierKeycodesDown(_ keys: [CChar]) -> [UInt8] {
        var down: [UInt8] = []
        for keycode in modifierKeycodes.sorted() where keys[Int(keycode) / 8] & CChar(bitPattern: UInt8(1 << (keycode % 8))) != 0
        {
            down.append(keycode)
        }
        return down
    }
}

extension KeyPosition {
    /// A bound spare keycode, pressed without modifiers.
    public init(keycode: UInt8) {
        self.init(keycode: keycode, modifiers: 0)
    }
}

extension Keyboard {
    /// Whether `keycode` still holds the keysym `bind` gives `scalar` (a leftover of a crashed run).
    public func holds(_ keycode: UInt8, _ scalar: Unicode.Scalar) -> Bool {
        XkbKeycodeToKeysym(connection.display, keycode, 0, 0) == KeySym(xkb_utf32_to_keysym(scalar.value))
    }
}
