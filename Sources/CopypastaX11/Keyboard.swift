// Synthetic keyboard input (XTest) on the current XKB layout.
//
// Terms: a keysym is what a key means at a shift level of a group; the
// layout is read with XkbGetMap, and for the active group (XkbGetState) each
// keycode's levels give (keycode, the real modifiers that select the level).
// Characters map to keysyms through libxkbcommon's table, so a `€` found on
// the layout as EuroSign or a `д` as Cyrillic_de is typed from the layout.
// A character the layout lacks is bound to a spare keycode (one with no
// keysym at all) as its keysym, Unicode keysyms above U+00FF, and unbound
// afterwards by the caller (see `Typist`). Caps Lock is unlocked while typing
// and locked again afterwards, so it never changes a level.
import CX11
import CopypastaCore
import Glibc

/// Where a keysym sits on the layout: the key and the modifiers that select its level.
public struct KeyPosition: Equatable, Sendable {
    /// The keycode.
    public let keycode: UInt8
    /// The real modifier mask (Shift, Mod5 for AltGr, …) to hold.
    let modifiers: UInt32
}

/// The window that has the input focus, compared to notice a focus change while typing.
public struct FocusID: Equatable, Sendable, CustomStringConvertible {
    let window: UInt

    /// The window id in hexadecimal.
    public var description: String { "0x" + String(window, radix: 16) }
}

/// Sends key events with XTest on one connection, reading the layout with XKB.
public final class Keyboard {
    /// The connection the events go through.
    let connection: X11Display
    private var display: OpaquePointer { connection.display }
    private var bySymbol: [UInt: KeyPosition] = [:]
    private var byScalar: [UInt32: KeyPosition] = [:]
    /// For each real modifier bit, a keycode that sets it.
    private var modifierKeys: [UInt32: UInt8] = [:]
    /// Every keycode in the modifier mapping.
    private(set) var modifierKeycodes: Set<UInt8> = []
    /// Keycodes with no keysym, free to bind characters the layout lacks.
    public private(set) var spareKeycodes: [UInt8] = []
    /// Whether Caps Lock was unlocked for typing and must be locked again.
    var lockedCaps = false
    /// The window `watchFocus` selected focus events on.
    var watchedFocus: Window?
    /// How many pings `waitForClient` sent, to tell its answers apart.
    var pings = 0

    /// Checks for XTest and XKB on `display` and reads the layout.
    public init(display: X11Display) throws(X11Error) {
        connection = display
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0, opcode: Int32 = 0
        guard XTestQueryExtension(display.display, &event, &error, &major, &minor) != 0 else {
            throw .noExtension("XTEST", display.name)
        }
        major = 1
        minor = 0
        guard XkbQueryExtension(display.display, &opcode, &event, &error, &major, &minor) != 0 else {
            throw .noExtension("XKEYBOARD", display.name)
        }
        reload()
    }

    /// Re-reads the active group, every key and the modifier keys.
    public func reload() {
        readModifierKeys()
        bySymbol = [:]
        byScalar = [:]
        spareKeycodes = []
        var state = XkbStateRec()
        XkbGetState(display, UInt32(XkbUseCoreKbd), &state)
        guard let xkb = XkbGetMap(display, cx11_client_info_mask(), UInt32(XkbUseCoreKbd)) else { return }
        defer { XkbFreeKeyboard(xkb, 0, True) }
        for keycode in Int32(xkb.pointee.min_key_code)...Int32(xkb.pointee.max_key_code) {
            if cx11_key_is_empty(xkb, keycode) != 0 {
                if !modifierKeycodes.contains(UInt8(keycode)) { spareKeycodes.append(UInt8(keycode)) }
                continue
            }
            let group = cx11_key_effective_group(xkb, keycode, Int32(state.group))
            guard group >= 0 else { continue }
            for level in 0..<cx11_key_levels(xkb, keycode, group) {
                let symbol = UInt(cx11_key_sym(xkb, keycode, level, group))
                let mask = cx11_level_modifiers(xkb, keycode, group, level)
                guard symbol != 0, mask >= 0 else { continue }
                record(symbol, KeyPosition(keycode: UInt8(keycode), modifiers: UInt32(mask)))
            }
        }
    }

    /// Keeps the position with the fewest modifiers for a keysym and its character (never keypad keys,
    /// whose meaning depends on Num Lock).
    private func record(_ symbol: UInt, _ position: KeyPosition) {
        let cheaper = { (old: KeyPosition?) in
            old.map { $0.modifiers.nonzeroBitCount > position.modifiers.nonzeroBitCount } ?? true
        }
        if cheaper(bySymbol[symbol]) { bySymbol[symbol] = position }
        guard !(0xFF80...0xFFBD).contains(symbol) else { return }
        let scalar = xkb_keysym_to_utf32(UInt32(symbol))
        if scalar != 0, cheaper(byScalar[scalar]) { byScalar[scalar] = position }
    }

    private func readModifierKeys() {
        modifierKeys = [:]
        modifierKeycodes = []
        guard let map = XGetModifierMapping(display) else { return }
        defer { XFreeModifiermap(map) }
        let perModifier = Int(map.pointee.max_keypermod)
        let level3 = XKeysymToKeycode(display, KeySym(0xFE03))
        for modifier in 0..<8 {
            for slot in 0..<perModifier {
                let keycode = map.pointee.modifiermap[modifier * perModifier + slot]
                guard keycode != 0 else { continue }
                modifierKeycodes.insert(keycode)
                let bit = UInt32(1) << UInt32(modifier)
                if modifierKeys[bit] == nil || keycode == level3 { modifierKeys[bit] = keycode }
            }
        }
    }

    /// Where `scalar` is on the current layout and group, nil when it needs a spare keycode.
    public func position(of scalar: Unicode.Scalar) -> KeyPosition? {
        byScalar[scalar.value]
    }

    /// Where the key named `name` (a keysym name such as `Return`, `v`, `Insert`) is.
    public func position(named name: String) -> KeyPosition? {
        let symbol = UInt(XStringToKeysym(name))
        guard symbol != 0 else { return nil }
        if let position = bySymbol[symbol] { return position }
        let keycode = XKeysymToKeycode(display, KeySym(symbol))
        return keycode == 0 ? nil : KeyPosition(keycode: keycode, modifiers: 0)
    }

    /// Presses and releases the key at `position` with its level's modifiers and `extra` ones held.
    public func tap(_ position: KeyPosition, holding extra: [Keystroke.Modifier] = []) {
        var mask = position.modifiers
        for modifier in extra { mask |= modifier.x11Mask }
        let held = (0..<8).compactMap { bit -> UInt8? in
            let flag = UInt32(1) << UInt32(bit)
            return mask & flag != 0 ? modifierKeys[flag] : nil
        }
        for keycode in held { XTestFakeKeyEvent(display, UInt32(keycode), True, 0) }
        XTestFakeKeyEvent(display, UInt32(position.keycode), True, 0)
        XTestFakeKeyEvent(display, UInt32(position.keycode), False, 0)
        for keycode in held.reversed() { XTestFakeKeyEvent(display, UInt32(keycode), False, 0) }
        XFlush(display)
    }

    /// Sends `keystroke` (the paste key), throwing when its key is not on the keyboard.
    public func send(_ keystroke: Keystroke) throws(X11Error) {
        guard let position = position(named: keystroke.key) else { throw .unknownKey(keystroke.description) }
        tap(position, holding: keystroke.modifiers)
    }
}

extension Keystroke.Modifier {
    /// The X11 modifier mask of the key, as XTEST presses it and a passive grab names it.
    var x11Mask: UInt32 {
        switch self {
        case .control: UInt32(ControlMask)
        case .shift: UInt32(ShiftMask)
        case .alt: UInt32(Mod1Mask)
        case .superKey: UInt32(Mod4Mask)
        }
    }
}
