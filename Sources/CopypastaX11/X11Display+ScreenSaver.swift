import CX11

extension X11Display {
    /// Calls `activated` whenever the screen saver turns on, which is when screen lockers that
    /// follow it lock (xss-lock, light-locker); `xset s activate` turns it on too. Returns false,
    /// watching nothing, when the server lacks the MIT-SCREEN-SAVER extension.
    @discardableResult
    public func watchScreenSaver(_ activated: @escaping () -> Void) -> Bool {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XScreenSaverQueryExtension(display, &eventBase, &errorBase) != 0 else { return false }
        screenSaverEventBase = eventBase
        screenSaverActivated = activated
        XScreenSaverSelectInput(display, root, UInt(ScreenSaverNotifyMask))
        flush()
        return true
    }

    /// Stops calling the screen-saver callback (`clear-on` set back to an other value).
    public func unwatchScreenSaver() {
        guard screenSaverEventBase != nil else { return }
        screenSaverEventBase = nil
        screenSaverActivated = {}
        XScreenSaverSelectInput(display, root, 0)
        flush()
    }

    /// Handles an event that may be the screen saver's: calls the callback when it turned on.
    func handleScreenSaverNotify(_ event: XEvent) {
        guard let base = screenSaverEventBase, event.type == base + ScreenSaverNotify else { return }
        var copy = event
        let notify = withUnsafePointer(to: &copy) {
            $0.withMemoryRebound(to: XScreenSaverNotifyEvent.self, capacity: 1) { $0.pointee }
        }
        if notify.state == ScreenSaverOn { screenSaverActivated() }
    }
}
