import CX11
import Glibc

/// A toy reparenting window manager that keeps no _NET_CLIENT_LIST (like twm):
/// every top-level window of another client that has WM_CLASS moves into a
/// frame window of this client. Returns how many windows were framed.
func frameOtherClients(_ display: OpaquePointer, root: Window, own: Window) -> Int {
    var rootReturn: Window = 0, parent: Window = 0
    var children: UnsafeMutablePointer<Window>?
    var count: UInt32 = 0
    guard XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0, let children else { return 0 }
    defer { XFree(children) }
    var framed = 0
    for child in UnsafeBufferPointer(start: children, count: Int(count)) where child != own {
        var hint = XClassHint()
        guard XGetClassHint(display, child, &hint) != 0 else { continue }
        if let name = hint.res_name { XFree(name) }
        if let cls = hint.res_class { XFree(cls) }
        let frame = XCreateSimpleWindow(display, root, 0, 0, 800, 600, 0, 0, 0)
        XReparentWindow(display, child, frame, 0, 20)
        framed += 1
    }
    XSync(display, False)
    return framed
}

/// Sets _NET_WM_PID and WM_CLIENT_MACHINE on `window` (and no WM_CLASS): an owner
/// that only its process name identifies.
func setProcessHints(_ display: OpaquePointer, window: Window) {
    var pid = CLong(getpid())
    let pidAtom = XInternAtom(display, "_NET_WM_PID", False)
    withUnsafeBytes(of: &pid) { raw in
        _ = XChangeProperty(
            display, window, pidAtom, Atom(XA_CARDINAL), 32, PropModeReplace,
            raw.bindMemory(to: UInt8.self).baseAddress, 1)
    }
    var host = [CChar](repeating: 0, count: 256)
    _ = gethostname(&host, host.count - 1)
    let bytes = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    _ = XChangeProperty(
        display, window, Atom(XA_WM_CLIENT_MACHINE), Atom(XA_STRING), 8, PropModeReplace, bytes, Int32(bytes.count))
}
