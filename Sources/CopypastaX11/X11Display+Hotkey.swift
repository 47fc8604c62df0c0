// The `pick-hotkey` grab (docs/DESIGN.md, "The pick hotkey"). A passive grab
// (XGrabKey) on the root window makes the server send the key's presses to
// this connection whatever window has the focus. A grab matches the modifier
// state exactly, so the key is grabbed once for every combination of the lock
// modifiers (Caps Lock, Num Lock, Scroll Lock), as xbindkeys does: otherwise
// the key would do nothing while Num Lock is on. Another client's grab of the
// same combination makes the server answer BadAccess; the error handler in
// X11Display.swift counts it for `grabHotkey` instead of logging it.
import CX11
import CopypastaCore

/// BadAccess answers to GrabKey since `grabHotkey` started counting (set by the error handler).
nonisolated(unsafe) var refusedKeyGrabs = 0

/// The GrabKey request's opcode (Xproto.h, X_GrabKey), to tell its errors apart.
let grabKeyRequest: UInt8 = 33

/// What came of grabbing `pick-hotkey`.
public enum HotkeyGrab: String, Equatable, Sendable {
    /// Every lock combination is grabbed; presses reach the daemon.
    case grabbed
    /// Another client holds the key (BadAccess); nothing is grabbed.
    case taken
    /// The keyboard has no key for the keysym.
    case unknownKey = "unknown-key"
}

/// The key `pick-hotkey` asked for and what came of it.
public struct Hotkey: Sendable {
    /// The key as configured.
    public let keystroke: Keystroke
    /// Whether it is grabbed.
    public let grab: HotkeyGrab
    let keycode: UInt32
    /// Each modifier mask grabbed: the keystroke's modifiers with every lock combination.
    let masks: [UInt32]
}

extension X11Display {
    /// Releases the current hotkey, then grabs `keystroke` (nil: none) for every lock combination and
    /// waits for the server's answer (one round trip). Returns nil when there is no key to grab.
    public func grabHotkey(_ keystroke: Keystroke?) -> Hotkey? {
        ungrabHotkey()
        guard let keystroke else {
            hotkey = nil
            return nil
        }
        let symbol = XStringToKeysym(keystroke.key)
        let keycode = symbol == 0 ? 0 : UInt32(XKeysymToKeycode(display, symbol))
        guard keycode != 0 else {
            hotkey = Hotkey(keystroke: keystroke, grab: .unknownKey, keycode: 0, masks: [])
            return hotkey
        }
        let base = keystroke.modifiers.reduce(UInt32(0)) { $0 | $1.x11Mask }
        let masks = lockCombinations().map { base | $0 }
        XSync(display, False)
        refusedKeyGrabs = 0
        for mask in masks {
            XGrabKey(display, Int32(keycode), mask, root, False, GrabModeAsync, GrabModeAsync)
        }
        XSync(display, False)
        let taken = refusedKeyGrabs > 0
        hotkey = Hotkey(keystroke: keystroke, grab: taken ? .taken : .grabbed, keycode: keycode, masks: masks)
        // Some combinations may have been granted before one was refused: a half-grabbed key would work
        // only in some lock states, so none is kept.
        if taken { ungrabHotkey() }
        return hotkey
    }

    /// Releases every combination grabbed for the hotkey.
    func ungrabHotkey() {
        guard let hotkey, hotkey.keycode != 0 else { return }
        for mask in hotkey.masks { XUngrabKey(display, Int32(hotkey.keycode), mask, root) }
        XFlush(display)
        self.hotkey = Hotkey(keystroke: hotkey.keystroke, grab: hotkey.grab, keycode: 0, masks: [])
    }

    /// Calls `hotkeyPressed` for a press of the grabbed key (the only keys this connection receives).
    func handleKeyPress(_ event: XKeyEvent) {
        guard let hotkey, hotkey.grab == .grabbed, event.keycode == hotkey.keycode else { return }
        hotkeyPressed?()
    }

    /// Follows a new keyboard mapping (setxkbmap): the hotkey's keysym may now be on another key, or
    /// Num Lock on another modifier, so a grabbed hotkey is grabbed again on the new key.
    func keyboardMappingChanged(_ event: inout XMappingEvent) {
        XRefreshKeyboardMapping(&event)
        guard let hotkey, hotkey.grab == .grabbed else { return }
        let keycode = UInt32(XKeysymToKeycode(display, XStringToKeysym(hotkey.keystroke.key)))
        let base = hotkey.keystroke.modifiers.reduce(UInt32(0)) { $0 | $1.x11Mask }
        guard keycode != hotkey.keycode || lockCombinations().map({ base | $0 }) != hotkey.masks else { return }
        hotkeyRegrabbed?(grabHotkey(hotkey.keystroke))
    }

    /// Every combination of Caps Lock, Num Lock and Scroll Lock, the empty one first. Num Lock and
    /// Scroll Lock are found in the modifier mapping (Num Lock is Mod2 on most layouts).
    private func lockCombinations() -> [UInt32] {
        let numLock = modifierMask(of: 0xFF7F) ?? UInt32(Mod2Mask), scrollLock = modifierMask(of: 0xFF14) ?? 0
        let locks: [UInt32] = [UInt32(LockMask), numLock, scrollLock]
        var combinations: Set<UInt32> = [0]
        for lock in locks where lock != 0 {
            combinations.formUnion(combinations.map { $0 | lock })
        }
        return combinations.sorted()
    }

    /// The modifier bit a key of `symbol` sets, nil when none does.
    private func modifierMask(of symbol: KeySym) -> UInt32? {
        let keycode = XKeysymToKeycode(display, symbol)
        guard keycode != 0, let map = XGetModifierMapping(display) else { return nil }
        defer { XFreeModifiermap(map) }
        let perModifier = Int(map.pointee.max_keypermod)
        for modifier in 0..<8
        where (0..<perModifier).contains(where: { map.pointee.modifiermap[modifier * perModifier + $0] == keycode }) {
            return UInt32(1) << UInt32(modifier)
        }
        return nil
    }
}
