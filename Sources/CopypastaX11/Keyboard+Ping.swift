import CX11
import CopypastaCore
import Glibc

extension Keyboard {
    /// Waits, up to `timeout` seconds, until the client that has the input focus has handled every event
    /// sent to it so far: sends _NET_WM_PING (EWMH) to the nearest window from the focus up that lists it
    /// in WM_PROTOCOLS, and waits for the client's answer on the root window (GTK sends it for
    /// SubstructureNotify, Qt for StructureNotify). A client handles its events
    /// in order, so once it answered it has read the keys typed and the keyboard mapping they used.
    /// Returns false when no window takes pings (xterm) or no answer came in time.
    public func waitForClient(of focus: FocusID, timeout: Double) -> Bool {
        let display = connection.display
        let root = connection.root
        guard let target = pingWindow(from: Window(focus.window)) else { return false }
        let protocols = XInternAtom(display, "WM_PROTOCOLS", False)
        let ping = XInternAtom(display, "_NET_WM_PING", False)
        pings += 1
        let stamp = pings
        let rootMask = SubstructureNotifyMask | StructureNotifyMask
        XSelectInput(display, root, rootMask)
        defer { XSelectInput(display, root, NoEventMask) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = target
        event.xclient.message_type = protocols
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(ping)
        event.xclient.data.l.1 = stamp
        event.xclient.data.l.2 = Int(target)
        XSendEvent(display, target, False, NoEventMask, &event)
        XFlush(display)
        let deadline = monotonicSeconds() + timeout
        while true {
            var answer = XEvent()
            while XCheckWindowEvent(display, root, rootMask, &answer) != 0 {}
            while XCheckTypedWindowEvent(display, root, ClientMessage, &answer) != 0 {
                let message = answer.xclient
                if message.message_type == protocols && message.data.l.0 == Int(ping) && message.data.l.1 == stamp {
                    return true
                }
            }
            let left = deadline - monotonicSeconds()
            guard left > 0 else { return false }
            var descriptor = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32((left * 1000).rounded(.up)))
        }
    }

    /// The window from `window` up to the root whose WM_PROTOCOLS lists _NET_WM_PING, if any.
    private func pingWindow(from window: Window) -> Window? {
        let display = connection.display
        let ping = XInternAtom(display, "_NET_WM_PING", False)
        var current = window
        while current > 1 && current != connection.root {
            var list: UnsafeMutablePointer<Atom>?
            var count: Int32 = 0
            if XGetWMProtocols(display, current, &list, &count) != 0, let list {
                defer { XFree(list) }
                if UnsafeBufferPointer(start: list, count: Int(count)).contains(ping) { return current }
            }
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var number: UInt32 = 0
            guard XQueryTree(display, current, &root, &parent, &children, &number) != 0 else { return nil }
            if let children { XFree(children) }
            current = parent
        }
        return nil
    }
}
