import CX11
import Glibc

/// Watches the keys typed on the whole display for `/TITLE` expansion, with the X RECORD extension.
///
/// RECORD rather than XInput2 raw events: it comes with libXtst, which is linked already, and it
/// reports the focus requests of every client (SetInputFocus), so a focus change made by a window
/// manager or a script resets the trigger even when the same window gets the focus back. Its
/// replies come on a second connection of their own whose descriptor the daemon polls; they are
/// read with `processReplies` only when that descriptor is readable, so nothing blocks and
/// nothing wakes up while no key is pressed.
///
/// Key presses become characters here, with the current layout and the modifiers held; the
/// recorder keeps no characters itself, it hands each one to `onKey` and forgets it.
public final class KeyRecorder {
    /// What a recorded event means for the trigger.
    public enum Key: Equatable, Sendable {
        /// A character typed (Return as "\n", Tab as "\t").
        case character(Character)
        /// BackSpace.
        case backspace
        /// Something after which what is before the cursor is unknown: focus, click, Escape, an editing key.
        case reset
        /// A key with Ctrl, Alt or Super: like `reset`, and it may have selected text (Ctrl+A) that
        /// a BackSpace then deletes.
        case chord
    }

    /// The descriptor to poll: the RECORD data connection.
    public let fileDescriptor: Int32
    /// Receives every recorded key, in order.
    public var onKey: (Key) -> Void = { _ in }
    private let connection: X11Display
    private let data: OpaquePointer
    private var context: XRecordContext = 0
    /// The modifier bit of each modifier keycode, and the bits held now.
    private var modifierBits: [UInt8: UInt32] = [:]
    private var held: UInt32 = 0
    /// Events recorded by the last `XRecordProcessReplies`, not handled yet: type and keycode.
    private var recorded: [(Int32, UInt8)] = []
    /// The core protocol's SetInputFocus request (Xproto.h, which Swift does not see).
    private static let setInputFocus: UInt8 = 42

    /// Opens the data connection and starts recording key and button presses and focus requests.
    public init(display: X11Display) throws(X11Error) {
        connection = display
        var major: Int32 = 0, minor: Int32 = 0
        guard XRecordQueryVersion(display.display, &major, &minor) != 0 else { throw .noExtension("RECORD", display.name) }
        guard let data = XOpenDisplay(display.name) else { throw .cannotOpen(display.name) }
        self.data = data
        fileDescriptor = XConnectionNumber(data)
        guard let range = XRecordAllocRange() else {
            XCloseDisplay(data)
            throw .noExtension("RECORD", display.name)
        }
        defer { XFree(range) }
        range.pointee.device_events.first = UInt8(KeyPress)
        range.pointee.device_events.last = UInt8(ButtonPress)
        range.pointee.core_requests.first = Self.setInputFocus
        range.pointee.core_requests.last = Self.setInputFocus
        var clients = cx11_record_all_clients()
        var ranges: [UnsafeMutablePointer<XRecordRange>?] = [range]
        context = XRecordCreateContext(display.display, 0, &clients, 1, &ranges, 1)
        XSync(display.display, False)
        readModifiers()
        let me = UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque()).assumingMemoryBound(to: CChar.self)
        guard context != 0,
            XRecordEnableContextAsync(
                data, context,
                { closure, intercepted in
                    guard let closure, let intercepted else { return }
                    Unmanaged<KeyRecorder>.fromOpaque(closure).takeUnretainedValue().intercept(intercepted)
                    XRecordFreeData(intercepted)
                }, me) != 0
        else {
            XCloseDisplay(data)
            throw .noExtension("RECORD", display.name)
        }
        XFlush(data)
    }

    deinit {
        XRecordDisableContext(connection.display, context)
        XRecordFreeContext(connection.display, context)
        XFlush(connection.display)
        XCloseDisplay(data)
    }

    /// Handles what the data connection has brought, without waiting for more. The recorded
    /// events are only queued while Xlib holds the data connection's lock, and handled after:
    /// `onKey` may use both connections (focus, BackSpace, `drain`).
    public func processReplies() {
        XRecordProcessReplies(data)
        let events = recorded
        recorded = []
        for (type, keycode) in events { handle(type, keycode) }
    }

    /// Waits until the server has handled everything sent so far on the main connection, then
    /// handles what was recorded of it (the daemon's own BackSpaces, passed over). Never a round
    /// trip on the data connection: while its context is enabled the server answers nothing there.
    public func drain() {
        XSync(connection.display, False)
        processReplies()
    }

    /// Re-reads which keycodes are modifiers, after a layout change.
    public func readModifiers() {
        modifierBits = [:]
        guard let map = XGetModifierMapping(connection.display) else { return }
        defer { XFreeModifiermap(map) }
        let perModifier = Int(map.pointee.max_keypermod)
        for bit in 0..<8 {
            for index in 0..<perModifier {
                let keycode = map.pointee.modifiermap[bit * perModifier + index]
                if keycode != 0 { modifierBits[keycode] = UInt32(1) << UInt32(bit) }
            }
        }
    }

    private func intercept(_ intercepted: UnsafeMutablePointer<XRecordInterceptData>) {
        let record = intercepted.pointee
        guard record.data_len > 0, let bytes = record.data else { return }
        if record.category == XRecordFromClient {
            if bytes[0] == Self.setInputFocus { recorded.append((FocusIn, 0)) }
            return
        }
        guard record.category == XRecordFromServer else { return }
        recorded.append((Int32(bytes[0] & 0x7f), bytes[1]))
    }

    private func handle(_ type: Int32, _ keycode: UInt8) {
        switch type {
        case FocusIn: onKey(.reset)
        case KeyPress: press(keycode)
        case KeyRelease: if let bit = modifierBits[keycode], bit != UInt32(LockMask) { held &= ~bit }
        case ButtonPress: onKey(.reset)
        default: break
        }
    }

    private func press(_ keycode: UInt8) {
        if let bit = modifierBits[keycode] {
            if bit == UInt32(LockMask) { held ^= bit } else { held |= bit }
            return
        }
        if held & UInt32(ControlMask | Mod1Mask | Mod4Mask) != 0 { return onKey(.chord) }
        let (symbol, text) = lookup(keycode)
        switch symbol {
        case UInt(XK_BackSpace): onKey(.backspace)
        case UInt(XK_Return), UInt(XK_KP_Enter): onKey(.character("\n"))
        case UInt(XK_Tab): onKey(.character("\t"))
        default:
            if let character = text.first, text.count == 1,
                !character.isASCII || character.asciiValue.map({ $0 >= 0x20 && $0 != 0x7f }) == true
            {
                onKey(.character(character))
            } else if !Self.isDeadOrShift(symbol) {
                onKey(.reset)
            }
        }
    }

    /// The keysym and text of `keycode` with the modifiers held and the active group.
    private func lookup(_ keycode: UInt8) -> (UInt, String) {
        var state = XkbStateRec()
        XkbGetState(connection.display, UInt32(XkbUseCoreKbd), &state)
        var event = XKeyEvent()
        event.type = KeyPress
        event.display = connection.display
        event.keycode = UInt32(keycode)
        event.state = held | (UInt32(state.group) << 13)
        var buffer = [CChar](repeating: 0, count: 16)
        var symbol: KeySym = 0
        let count = XLookupString(&event, &buffer, Int32(buffer.count - 1), &symbol, nil)
        // XLookupString gives Latin-1; every title character is ASCII, and the rest only has to
        // be a character that is not one.
        var text = ""
        for byte in buffer[0..<Int(max(0, count))] { text.unicodeScalars.append(Unicode.Scalar(UInt8(bitPattern: byte))) }
        return (UInt(symbol), text)
    }

    /// Keys that type nothing by themselves and leave the text alone (dead keys, level shifts).
    private static func isDeadOrShift(_ symbol: UInt) -> Bool {
        (0xfe50...0xfe8f).contains(symbol) || (0xfe01...0xfe0f).contains(symbol) || (0xffe1...0xffee).contains(symbol)
    }
}
