import CX11
import Glibc

/// `save`: an application that owns CLIPBOARD and, "exiting", asks the clipboard manager to
/// take it over with SAVE_TARGETS, serving requests until the reply comes, which it prints as
/// `reply SAVED|NONE MICROS` (microseconds from the request) before it exits. Its targets:
/// UTF8_STRING (the text), text/html, DELETE (a side-effect target), x-test/refused (offered
/// but refused when asked) and, with `--big N`, application/x-big of N bytes sent by INCR.
///
/// Options: `--list` names the targets in the request's property (otherwise None, so the manager
/// asks TARGETS); `--no-multiple` refuses MULTIPLE; `--die-mid-incr` exits halfway through the
/// INCR transfer; `--never-answer` answers nothing; `--current-time` sends CurrentTime;
/// `--twice` sends two requests at once and waits for both replies; `--hint` offers
/// x-kde-passwordManagerHint, as KeePassXC does.
@MainActor final class Saver {
    let display: OpaquePointer
    let window: Window
    let text: [UInt8]
    let flags = Set(CommandLine.arguments)
    let bigSize = CommandLine.arguments.firstIndex(of: "--big").flatMap { Int(CommandLine.arguments[$0 + 1]) } ?? 0
    /// The `--big` payload, made once: built per chunk, its closure's actor checks made this
    /// program, not the manager, the slow side of the INCR benchmark.
    let bigBytes: [UInt8]
    let clipboard, targets, multiple, incr, utf8, html, big: Atom
    var offered: [Atom] = []
    var incoming: [(requestor: Window, property: Atom, offset: Int)] = []

    init(display: OpaquePointer, window: Window, text: [UInt8]) {
        self.display = display
        self.window = window
        self.text = text
        var payload = [UInt8](repeating: 0, count: bigSize)
        for index in payload.indices { payload[index] = UInt8(truncatingIfNeeded: index % 251) }
        bigBytes = payload
        func atom(_ name: String) -> Atom { XInternAtom(display, name, False) }
        clipboard = atom("CLIPBOARD")
        targets = atom("TARGETS")
        multiple = atom("MULTIPLE")
        incr = atom("INCR")
        utf8 = atom("UTF8_STRING")
        html = atom("text/html")
        big = atom("application/x-big")
        offered = [targets, atom("SAVE_TARGETS"), utf8, html, atom("DELETE"), atom("x-test/refused")]
        if !flags.contains("--no-multiple") { offered.append(multiple) }
        if bigSize > 0 { offered.append(big) }
        if flags.contains("--hint") { offered.append(atom("x-kde-passwordManagerHint")) }
    }

    func atom(_ name: String) -> Atom { XInternAtom(display, name, False) }

    func setLongs(_ window: Window, _ property: Atom, _ type: Atom, _ values: [Atom]) {
        let longs = values.map { CLong(bitPattern: $0) }
        _ = longs.withUnsafeBytes { raw in
            XChangeProperty(
                display, window, property, type, 32, PropModeReplace, raw.bindMemory(to: UInt8.self).baseAddress,
                Int32(longs.count))
        }
    }

    func setBytes(_ window: Window, _ property: Atom, _ type: Atom, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBufferPointer { buffer in
            XChangeProperty(
                display, window, property, type, 8, PropModeReplace, buffer.baseAddress ?? UnsafePointer(bitPattern: 1),
                Int32(bytes.count))
        }
    }

    /// Converts one target; false when refused.
    func convert(_ target: Atom, _ requestor: Window, _ property: Atom) -> Bool {
        switch target {
        case targets: setLongs(requestor, property, Atom(XA_ATOM), offered)
        case utf8: setBytes(requestor, property, utf8, text)
        case html: setBytes(requestor, property, html, Array("<b>".utf8) + text + Array("</b>".utf8))
        case big where bigSize > 0:
            XSelectInput(display, requestor, PropertyChangeMask)
            setLongs(requestor, property, incr, [Atom(bigSize)])
            incoming.append((requestor, property, 0))
        default: return false
        }
        return true
    }

    /// MULTIPLE: converts each pair, writing None over the refused ones (ICCCM §2.6.2).
    func convertPairs(_ request: XSelectionRequestEvent) {
        var type: Atom = 0, format: Int32 = 0, items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(
            display, request.requestor, request.property, 0, 1024, False, Atom(AnyPropertyType),
            &type, &format, &items, &after, &data)
        var pairs =
            data.map {
                Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: Atom.self), count: Int(items)))
            } ?? []
        if let data { XFree(data) }
        for index in stride(from: 0, to: pairs.count - 1, by: 2) where !convert(pairs[index], request.requestor, pairs[index + 1])
        {
            pairs[index + 1] = 0
        }
        setLongs(request.requestor, request.property, atom("ATOM_PAIR"), pairs)
    }

    func answer(_ request: XSelectionRequestEvent) {
        var property = request.property
        if request.target == multiple && !flags.contains("--no-multiple") {
            convertPairs(request)
        } else if request.target == multiple || !convert(request.target, request.requestor, request.property) {
            property = 0
        }
        var event = XEvent()
        event.xselection = XSelectionEvent(
            type: SelectionNotify, serial: 0, send_event: True, display: display, requestor: request.requestor,
            selection: request.selection, target: request.target, property: property, time: request.time)
        XSendEvent(display, request.requestor, False, 0, &event)
    }

    func sendChunk(_ event: XPropertyEvent) {
        guard let index = incoming.firstIndex(where: { $0.requestor == event.window && $0.property == event.atom }) else {
            return
        }
        let offset = incoming[index].offset
        if flags.contains("--die-mid-incr") && offset >= bigSize / 2 { exit(3) }
        let end = min(offset + 65536, bigSize)
        setBytes(event.window, event.atom, big, Array(bigBytes[offset..<end]))
        if end == offset { incoming.remove(at: index) } else { incoming[index].offset = end }
    }

    /// Owns CLIPBOARD, sends SAVE_TARGETS and serves until every reply came; then exits.
    func run() -> Never {
        XSetSelectionOwner(display, clipboard, window, Time(CurrentTime))
        guard XGetSelectionOwner(display, clipboard) == window else { fatal("ownership not confirmed") }
        let requestProperty = atom("TESTOWNER_SAVE")
        if flags.contains("--list") { setLongs(window, requestProperty, Atom(XA_ATOM), offered) }
        let time = flags.contains("--current-time") ? Time(CurrentTime) : serverTime(display, window: window)
        say("owned")
        let started = realtimeMicros()
        let requests = flags.contains("--twice") ? 2 : 1
        for _ in 0..<requests {
            XConvertSelection(
                display, atom("CLIPBOARD_MANAGER"), atom("SAVE_TARGETS"), flags.contains("--list") ? requestProperty : 0, window,
                time)
        }
        XFlush(display)
        say("requested")
        var replies = 0
        while true {
            var event = XEvent()
            XNextEvent(display, &event)
            switch event.type {
            case SelectionRequest where !flags.contains("--never-answer"): answer(event.xselectionrequest)
            case PropertyNotify where event.xproperty.state == PropertyDelete: sendChunk(event.xproperty)
            case SelectionNotify where event.xselection.target == atom("SAVE_TARGETS"):
                say("reply \(event.xselection.property == 0 ? "NONE" : "SAVED") \(realtimeMicros() - started)")
                replies += 1
                if replies == requests { exit(0) }
            default: break
            }
            XFlush(display)
        }
    }
}

/// `manager`: another clipboard manager (a desktop daemon's): owns CLIPBOARD_MANAGER, prints
/// `managing` and answers nothing. When the new owner's MANAGER announcement arrives on the
/// root window (ICCCM §2.8) it prints `announced SELECTION owner|not-owner cleared|not-cleared`
/// (whether the window named owns the role, whether SelectionClear came first) and exits.
@MainActor func runManager(_ display: OpaquePointer, window: Window) -> Never {
    let selection = XInternAtom(display, "CLIPBOARD_MANAGER", False)
    XSelectInput(display, XDefaultRootWindow(display), StructureNotifyMask)
    XSetSelectionOwner(display, selection, window, serverTime(display, window: window))
    guard XGetSelectionOwner(display, selection) == window else { fatal("manager ownership not confirmed") }
    say("managing")
    XFlush(display)
    var cleared = false
    while true {
        var event = XEvent()
        XNextEvent(display, &event)
        if event.type == SelectionClear { cleared = true }
        if event.type == ClientMessage && event.xclient.message_type == XInternAtom(display, "MANAGER", False) {
            let named = XGetAtomName(display, Atom(bitPattern: event.xclient.data.l.1))
            defer { if let named { XFree(named) } }
            let owner = Window(bitPattern: event.xclient.data.l.2)
            say(
                "announced \(named.map { String(cString: $0) } ?? "-") \(owner == XGetSelectionOwner(display, selection) ? "owner" : "not-owner") \(cleared ? "cleared" : "not-cleared")"
            )
            exit(0)
        }
    }
}

/// A server time from a zero-length append (ICCCM §2.1); the window selects PropertyChangeMask.
@MainActor func serverTime(_ display: OpaquePointer, window: Window) -> Time {
    let property = XInternAtom(display, "TESTOWNER_TIME", False)
    var nothing: UInt8 = 0
    XChangeProperty(display, window, property, Atom(XA_INTEGER), 8, PropModeAppend, &nothing, 0)
    while true {
        var event = XEvent()
        XWindowEvent(display, window, PropertyChangeMask, &event)
        if event.xproperty.atom == property { return event.xproperty.time }
    }
}
