// copypasta-testowner: a scriptable CLIPBOARD (or, with --primary, PRIMARY) owner for the integration tests
// and benchmarks, including owners that misbehave on purpose (CopyQ's
// slow-owner tests).
//
// Usage: copypasta-testowner MODE [options] [TEXT-FILE]
// Prints "owned" on stdout once ownership is confirmed ("window 0xID" first with --window), "served TARGET" for
// each answered request; exits on SelectionClear (or when told to die).
import CX11
import Glibc

struct Options {
    var mode = "normal"
    var text: [UInt8] = Array("test owner text".utf8)
    var chunk = 4000
    var forceIncr = false
    var wmClass: String?
    var hint = false
    /// Own PRIMARY instead of CLIPBOARD (a selection made with the mouse).
    var primary = false
    var setPID = false
    var sayWindow = false
    var count = 1
    var intervalMicros: UInt32 = 5000
}

func parse() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    if let mode = arguments.popFirst() { options.mode = mode }
    while let argument = arguments.popFirst() {
        switch argument {
        case "--incr": options.forceIncr = true
        case "--hint": options.hint = true
        case "--primary": options.primary = true
        case "--chunk": options.chunk = Int(arguments.popFirst() ?? "") ?? 4000
        case "--class": options.wmClass = arguments.popFirst()
        case "--pid": options.setPID = true
        case "--window": options.sayWindow = true
        case "--count": options.count = Int(arguments.popFirst() ?? "") ?? 1
        case "--interval-ms": options.intervalMicros = UInt32((Double(arguments.popFirst() ?? "") ?? 5) * 1000)
        case "--text": options.text = Array((arguments.popFirst() ?? "").utf8)
        case "--list", "--no-multiple", "--die-mid-incr", "--never-answer", "--current-time", "--twice": break
        case "--big": _ = arguments.popFirst()
        default: options.text = readFile(argument)
        }
    }
    return options
}

func readFile(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { fatal("cannot read \(path)") }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while case let count = read(fd, &chunk, chunk.count), count > 0 { data.append(contentsOf: chunk[0..<count]) }
    close(fd)
    return data
}

func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = write(1, bytes, bytes.count)
}

func fatal(_ message: String) -> Never {
    let bytes = Array("testowner: \(message)\n".utf8)
    _ = write(2, bytes, bytes.count)
    exit(2)
}

func realtimeMicros() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
}

let options = parse()
guard let display = XOpenDisplay(nil) else { fatal("cannot open display") }
let root = XDefaultRootWindow(display)
let window = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
XSelectInput(display, window, PropertyChangeMask)
if let wmClass = options.wmClass {
    var hint = XClassHint()
    wmClass.withCString { name in
        hint.res_name = UnsafeMutablePointer(mutating: name)
        hint.res_class = UnsafeMutablePointer(mutating: name)
        XSetClassHint(display, window, &hint)
    }
}
@MainActor func atom(_ name: String) -> Atom { XInternAtom(display, name, False) }
if options.setPID { setProcessHints(display, window: window) }
if options.sayWindow { say("window 0x" + String(window, radix: 16)) }
let clipboard = atom(options.primary ? "PRIMARY" : "CLIPBOARD"), targetsAtom = atom("TARGETS"), utf8 = atom("UTF8_STRING"),
    incr = atom("INCR")
let string = Atom(XA_STRING), hintAtom = atom("x-kde-passwordManagerHint")

var currentText = options.text
var sequence = 0

@MainActor func own() {
    XSetSelectionOwner(display, clipboard, window, Time(CurrentTime))
    guard XGetSelectionOwner(display, clipboard) == window else { fatal("ownership not confirmed") }
    XFlush(display)
}

@MainActor func offeredTargets() -> [Atom] {
    var list = [targetsAtom]
    switch options.mode {
    case "string-only": list.append(string)
    case "image-only": list.append(atom("image/png"))
    default: list.append(utf8)
    }
    if options.hint { list.append(hintAtom) }
    return list
}

@MainActor func reply(_ request: XSelectionRequestEvent, property: Atom) {
    var event = XEvent()
    event.xselection = XSelectionEvent(
        type: SelectionNotify, serial: 0, send_event: True, display: display, requestor: request.requestor,
        selection: request.selection, target: request.target, property: property, time: request.time)
    XSendEvent(display, request.requestor, False, 0, &event)
    XFlush(display)
}

@MainActor func setLongs(_ window: Window, _ property: Atom, _ type: Atom, _ values: [CLong]) {
    _ = values.withUnsafeBytes { raw in
        XChangeProperty(
            display, window, property, type, 32, PropModeReplace, raw.bindMemory(to: UInt8.self).baseAddress, Int32(values.count))
    }
}

struct Transfer {
    var requestor: Window
    var property: Atom
    var offset: Int
    var type: Atom
    var data: [UInt8]
}
var transfers: [Transfer] = []

@MainActor func serveText(_ request: XSelectionRequestEvent) {
    let data = currentText
    var type = options.mode == "string-only" ? string : utf8
    if options.mode == "lie-type" {
        setLongs(request.requestor, request.property, Atom(XA_INTEGER), [1, 2, 3])
        return reply(request, property: request.property)
    }
    if options.mode == "targets-only" { return }
    if options.forceIncr || data.count > 1 << 20 {
        XSelectInput(display, request.requestor, PropertyChangeMask)
        setLongs(request.requestor, request.property, incr, [CLong(data.count)])
        transfers.append(Transfer(requestor: request.requestor, property: request.property, offset: 0, type: type, data: data))
    } else {
        if type == 0 { type = utf8 }
        data.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(
                display, request.requestor, request.property, type, 8, PropModeReplace, buffer.baseAddress, Int32(data.count))
        }
    }
    reply(request, property: request.property)
    say("served \(sequence)")
    if options.mode == "reset-on-read" { own() }
}

@MainActor func handleRequest(_ request: XSelectionRequestEvent) {
    if options.mode == "never-answer" { return }
    // Owners that crash with a request unanswered (the reader must not wait for the timeout).
    if options.mode == "die-on-targets" && request.target == targetsAtom { exit(0) }
    if options.mode == "die-on-text" && request.target != targetsAtom { exit(0) }
    if request.target == targetsAtom {
        setLongs(request.requestor, request.property, Atom(XA_ATOM), offeredTargets().map { CLong(bitPattern: $0) })
        return reply(request, property: request.property)
    }
    if request.target == utf8 || request.target == string { return serveText(request) }
    reply(request, property: 0)
}

@MainActor func handlePropertyDelete(_ event: XPropertyEvent) {
    guard let index = transfers.firstIndex(where: { $0.requestor == event.window && $0.property == event.atom }) else { return }
    var transfer = transfers[index]
    let half = transfer.data.count / 2
    if options.mode == "stall-incr" && transfer.offset >= half { return }
    if options.mode == "die-mid-incr" && transfer.offset >= half { exit(0) }
    let end = min(transfer.offset + options.chunk, transfer.data.count)
    transfer.data.withUnsafeBufferPointer { buffer in
        _ = XChangeProperty(
            display, transfer.requestor, transfer.property, transfer.type, 8, PropModeReplace,
            buffer.baseAddress! + transfer.offset, Int32(end - transfer.offset))
    }
    XFlush(display)
    if end == transfer.offset {
        transfers.remove(at: index)
    } else {
        transfer.offset = end
        transfers[index] = transfer
    }
}

@MainActor func pump(untilMicros deadline: Int64?) -> Bool {
    let fd = XConnectionNumber(display)
    while true {
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            switch event.type {
            case SelectionRequest: handleRequest(event.xselectionrequest)
            case SelectionClear: if options.mode != "burst" { return false }
            case PropertyNotify where event.xproperty.state == PropertyDelete: handlePropertyDelete(event.xproperty)
            default: break
            }
        }
        var timeout: Int32 = -1
        if let deadline {
            let left = deadline - realtimeMicros()
            if left <= 0 { return true }
            timeout = Int32(left / 1000) + 1
        }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&pfd, 1, timeout)
    }
}

/// A requestor that starts an INCR read of CLIPBOARD and then stops reading.
@MainActor func stallReader() -> Never {
    let property = atom("TESTOWNER_STALL")
    XConvertSelection(display, clipboard, utf8, property, window, Time(CurrentTime))
    XFlush(display)
    while true {
        var event = XEvent()
        XNextEvent(display, &event)
        if event.type == SelectionNotify {
            var type: Atom = 0, format: Int32 = 0, items: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            XGetWindowProperty(
                display, window, property, 0, 0, False, Atom(AnyPropertyType), &type, &format, &items, &after, &data)
            if let data { XFree(data) }
            guard type == incr else { fatal("expected INCR") }
            XDeleteProperty(display, window, property)
            XFlush(display)
            say("stalled")
            while true { pause() }
        }
    }
}

/// A requestor that asks for MULTIPLE (UTF8_STRING, STRING, image/png) and prints what each pair got.
@MainActor func multipleReader() -> Never {
    let pairs = [utf8, atom("TESTOWNER_A"), string, atom("TESTOWNER_B"), atom("image/png"), atom("TESTOWNER_C")]
    let property = atom("TESTOWNER_MULTIPLE")
    setLongs(window, property, atom("ATOM_PAIR"), pairs.map { CLong(bitPattern: $0) })
    XConvertSelection(display, clipboard, atom("MULTIPLE"), property, window, Time(CurrentTime))
    XFlush(display)
    while true {
        var event = XEvent()
        XNextEvent(display, &event)
        guard event.type == SelectionNotify else { continue }
        guard event.xselection.property == property else { fatal("MULTIPLE refused") }
        for target in ["TESTOWNER_A", "TESTOWNER_B", "TESTOWNER_C"] {
            var type: Atom = 0, format: Int32 = 0, items: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            XGetWindowProperty(
                display, window, atom(target), 0, 1 << 20, True, Atom(AnyPropertyType), &type, &format, &items, &after, &data)
            let text = data.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(items)), as: UTF8.self) } ?? "-"
            if let data { XFree(data) }
            say("\(target) \(type == 0 ? "none" : text)")
        }
        exit(0)
    }
}

if options.mode == "stall-reader" { stallReader() }
if options.mode == "frame-others" {
    say("framed \(frameOtherClients(display, root: root, own: window))")
    while true { pause() }
}
if options.mode == "multiple-reader" { multipleReader() }
if options.mode == "save" { Saver(display: display, window: window, text: options.text).run() }
if options.mode == "manager" { runManager(display, window: window) }

if options.mode == "sequence" {
    // One new copy per line read on stdin, serving requests meanwhile; prints "owned N MICROS" after each.
    var index = 0
    var fds = [
        pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0),
        pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
    ]
    while true {
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            if event.type == SelectionRequest { handleRequest(event.xselectionrequest) }
            if event.type == PropertyNotify && event.xproperty.state == PropertyDelete { handlePropertyDelete(event.xproperty) }
        }
        // XPending flushed already; another Xlib call here could queue an event that poll() would not see.
        _ = poll(&fds, 2, -1)
        if fds[1].revents != 0 {
            var byte: UInt8 = 0
            if read(0, &byte, 1) != 1 { exit(0) }
            guard byte == 0x0A else { continue }
            index += 1
            sequence = index
            currentText = Array("sequential copy \(index)".utf8)
            own()
            say("owned \(index) \(realtimeMicros())")
        }
    }
}

if options.mode == "burst" {
    for index in 1...options.count {
        sequence = index
        currentText = Array("burst copy \(index) of \(options.count)".utf8)
        own()
        say("owned \(index) \(realtimeMicros())")
        _ = pump(untilMicros: realtimeMicros() + Int64(options.intervalMicros))
    }
    say("done")
    _ = pump(untilMicros: nil)
} else {
    own()
    say("owned 1 \(realtimeMicros())")
    _ = pump(untilMicros: nil)
}
