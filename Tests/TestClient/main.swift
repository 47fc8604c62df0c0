// copypasta-testclient: a window that takes the input focus and records what
// it receives, for the paste and type tests and benchmarks.
//
// Usage: copypasta-testclient OUT-FILE [--class NAME] [--group N] [--no-fetch]
// Typed characters (XLookupString, which follows the XKB group, Shift and
// Caps Lock, then the keysym's Unicode character) are appended to OUT-FILE
// as they arrive; Return is "\n" and Tab "\t"; BackSpace removes the last one. On Ctrl+V it prints
// "paste-key ctrl+v" (or ctrl+shift+v), requests CLIPBOARD as UTF8_STRING and
// writes what it gets to OUT-FILE.pasted, then prints "pasted BYTES".
// --group N locks keyboard group N (0-based) first, as a layout switch would.
// --no-fetch: on Ctrl+V, print the paste-key line but fetch nothing.
// Prints "ready 0xWINDOW" once it has the focus.
//
// copypasta-testclient --grab-key KEYSYM MASK grabs the key with exactly that
// modifier mask on the root window, as a window manager's binding does, prints
// "grabbed" once the server accepted it, and holds it until it is killed.
import CX11
import Glibc

func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = write(1, bytes, bytes.count)
}

func fatal(_ message: String) -> Never {
    let bytes = Array("testclient: \(message)\n".utf8)
    _ = write(2, bytes, bytes.count)
    exit(2)
}

func append(_ path: String, _ bytes: [UInt8], truncate: Bool = false) {
    let fd = open(path, O_WRONLY | O_CREAT | (truncate ? O_TRUNC : O_APPEND), 0o644)
    guard fd >= 0 else { fatal("cannot write \(path)") }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--grab-key" {
    guard arguments.count == 3, let mask = UInt32(arguments[2]), let display = XOpenDisplay(nil) else {
        fatal("usage: copypasta-testclient --grab-key KEYSYM MASK")
    }
    let keycode = XKeysymToKeycode(display, XStringToKeysym(arguments[1]))
    guard keycode != 0 else { fatal("no key for \(arguments[1])") }
    XGrabKey(display, Int32(keycode), mask, XDefaultRootWindow(display), False, GrabModeAsync, GrabModeAsync)
    XSync(display, False)
    say("grabbed")
    var event = XEvent()
    while true { XNextEvent(display, &event) }
}
guard let output = arguments.first else { fatal("usage: copypasta-testclient OUT-FILE [--class NAME]") }
var wmClass = "copypasta-testclient"
if let index = arguments.firstIndex(of: "--class"), index + 1 < arguments.count { wmClass = arguments[index + 1] }
let fetch = !arguments.contains("--no-fetch")
append(output, [], truncate: true)

guard let display = XOpenDisplay(nil) else { fatal("cannot open display") }
if let index = arguments.firstIndex(of: "--group"), index + 1 < arguments.count, let group = UInt32(arguments[index + 1]) {
    XkbLockGroup(display, UInt32(XkbUseCoreKbd), group)
    var state = XkbStateRec()
    XkbGetState(display, UInt32(XkbUseCoreKbd), &state)
    guard UInt32(state.group) == group else { fatal("could not lock keyboard group \(group); is the layout multi-group?") }
}
let root = XDefaultRootWindow(display)
let window = XCreateSimpleWindow(display, root, 0, 0, 200, 100, 0, 0, 0)
XSelectInput(display, window, KeyPressMask | FocusChangeMask | StructureNotifyMask)
var hint = XClassHint()
wmClass.withCString { name in
    hint.res_name = UnsafeMutablePointer(mutating: name)
    hint.res_class = UnsafeMutablePointer(mutating: name)
    XSetClassHint(display, window, &hint)
}
let clipboard = XInternAtom(display, "CLIPBOARD", False)
let utf8String = XInternAtom(display, "UTF8_STRING", False)
let property = XInternAtom(display, "COPYPASTA_TESTCLIENT", False)
XMapWindow(display, window)

func focusIsOurs() -> Bool {
    var focused: Window = 0
    var revert: Int32 = 0
    XGetInputFocus(display, &focused, &revert)
    return focused == window
}

func handleKey(_ event: inout XKeyEvent) {
    var buffer = [CChar](repeating: 0, count: 64)
    var keysym: KeySym = 0
    _ = XLookupString(&event, &buffer, Int32(buffer.count), &keysym, nil)
    if event.state & UInt32(ControlMask) != 0 {
        guard XkbKeycodeToKeysym(display, KeyCode(event.keycode), 0, 0) == KeySym(0x76) else { return }
        say(event.state & UInt32(ShiftMask) != 0 ? "paste-key ctrl+shift+v" : "paste-key ctrl+v")
        guard fetch else { return }
        XConvertSelection(display, clipboard, utf8String, property, window, event.time)
        XFlush(display)
        return
    }
    let text: String
    switch keysym {
    case KeySym(0xFF0D): text = "\n"
    case KeySym(0xFF09): text = "\t"
    case KeySym(0xFF08):
        return eraseLast()
    default:
        let value = xkb_keysym_to_utf32(UInt32(keysym))
        guard value >= 0x20, let scalar = Unicode.Scalar(value) else { return }
        text = String(Character(scalar))
    }
    append(output, Array(text.utf8))
}

/// BackSpace: the last recorded character is gone, so the file shows what the field would hold.
func eraseLast() {
    var text = String(decoding: readAll(output), as: UTF8.self)
    guard !text.isEmpty else { return }
    text.removeLast()
    append(output, Array(text.utf8), truncate: true)
}

func readAll(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(fd, &chunk, chunk.count)
        guard count > 0 else { return bytes }
        bytes += chunk[0..<count]
    }
}

func handlePasted(_ event: XSelectionEvent) {
    guard event.property != 0 else { return say("pasted none") }
    var type: Atom = 0
    var format: Int32 = 0
    var count: UInt = 0, remaining: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    XGetWindowProperty(
        display, window, property, 0, 1 << 20, True, Atom(AnyPropertyType), &type, &format, &count, &remaining, &data)
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []
    if let data { XFree(data) }
    append(output + ".pasted", bytes, truncate: true)
    say("pasted \(bytes.count)")
}

var event = XEvent()
while true {
    XNextEvent(display, &event)
    switch event.type {
    case MapNotify:
        XSetInputFocus(display, window, RevertToParent, UInt(CurrentTime))
        XSync(display, False)
        if focusIsOurs() { say("ready 0x" + String(window, radix: 16)) }
    case KeyPress:
        handleKey(&event.xkey)
    case MappingNotify:
        XRefreshKeyboardMapping(&event.xmapping)
    case SelectionNotify:
        handlePasted(event.xselection)
    case FocusOut:
        if event.xfocus.mode == NotifyNormal { say("focus-out") }
    default:
        break
    }
}
