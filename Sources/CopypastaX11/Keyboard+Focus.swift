import CX11

extension Keyboard {
    /// Starts watching `focus` for a change by event: FocusChange and StructureNotify on the focused window
    /// (on the root when the focus is None or PointerRoot, which then gets the FocusOut of a change), so
    /// `focusMayHaveMoved()` needs no round trip. The masks are this connection's own; other clients' are
    /// untouched.
    public func watchFocus(_ focus: FocusID) {
        let window = focus.window > 1 ? Window(focus.window) : connection.root
        watchedFocus = window
        XSelectInput(connection.display, window, FocusChangeMask | StructureNotifyMask)
        XFlush(connection.display)
    }

    /// Stops the watch `watchFocus` started.
    public func stopWatchingFocus() {
        guard let window = watchedFocus else { return }
        XSelectInput(connection.display, window, NoEventMask)
        watchedFocus = nil
        var event = XEvent()
        while XCheckWindowEvent(connection.display, window, FocusChangeMask | StructureNotifyMask, &event) != 0 {}
    }

    /// Whether an event about the watched window has arrived since the last call (a focus change, an unmap
    /// or a destruction); reads what the connection has without waiting. Then `focus()` tells whether the
    /// focus really moved (focus events also come for grabs and for focus moving back).
    public func focusMayHaveMoved() -> Bool {
        guard let window = watchedFocus else { return false }
        var event = XEvent()
        var seen = false
        while XCheckWindowEvent(connection.display, window, FocusChangeMask | StructureNotifyMask, &event) != 0 {
            seen = true
        }
        return seen
    }
}
