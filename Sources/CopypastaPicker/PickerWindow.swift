import CPicker
import CopypastaCore
import CopypastaSystem
import Glibc

/// Failures of the picker window; each is one line on stderr.
public enum PickerError: Error, CustomStringConvertible {
    /// DISPLAY is unset or the server refused the connection.
    case cannotOpen(String)
    /// Another client holds the keyboard beyond the grab deadline.
    case keyboardBusy

    /// The message after `copypasta: `.
    public var description: String {
        switch self {
        case let .cannotOpen(name): "cannot open the X display \(name.isEmpty ? "(DISPLAY is unset)" : name)"
        case .keyboardBusy: "another program holds the keyboard; the picker cannot take it"
        }
    }
}

/// The picker's X window: override-redirect, centred on the monitor of the focused window, with
/// the keyboard grabbed while it is open (docs/DESIGN.md §16).
///
/// Override-redirect rather than a managed dialog: the window manager never moves, decorates or
/// focuses it, so the focus stays on the window the user came from, which is where a paste must
/// go, and the keyboard grab (as rofi's) is what brings the keys here.
final class PickerWindow {
    let display: OpaquePointer
    let window: Window
    /// The window that had the focus when the picker opened.
    let previousFocus: Window
    /// Pixels per point (Xft.dpi / 72) and the dpi itself.
    let dpi: Double
    let width: Int32, height: Int32
    /// The geometry, fitted to the monitor.
    let layout: PickerLayout
    let inputContext: XIC?
    private var grabbed = false
    private var pointerGrabbed = false
    private(set) var closed = false

    /// Opens the display and creates (not yet maps) a window laid out by `fit` for the dpi and
    /// the size of the monitor.
    init(fit: (_ dpi: Double, _ width: Int32, _ height: Int32) -> PickerLayout) throws(PickerError) {
        let name = getenv("DISPLAY").map { String(cString: $0) } ?? ""
        guard !name.isEmpty, let display = XOpenDisplay(name) else { throw .cannotOpen(name) }
        self.display = display
        dpi = Self.resourceDPI(display) ?? 96
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        previousFocus = focus
        let area = Self.monitor(display, around: focus)
        layout = fit(dpi, area.width, area.height)
        width = Int32(layout.width)
        self.height = Int32(layout.height)
        let x = area.x + max(0, (area.width - width) / 2)
        let y = area.y + max(0, (area.height - self.height) / 3)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = 0
        attributes.event_mask = ExposureMask | KeyPressMask | ButtonPressMask | FocusChangeMask | StructureNotifyMask
        let mask = UInt(CWOverrideRedirect | CWBackPixel | CWEventMask)
        let window = XCreateWindow(
            display, cpicker_root(display), x, y, UInt32(width), UInt32(self.height), 0, cpicker_depth(display),
            UInt32(InputOutput), cpicker_default_visual(display), mask, &attributes)
        self.window = window
        XStoreName(display, window, "copypasta")
        var hint = XClassHint()
        "copypasta-picker".withCString { instance in
            "Copypasta".withCString { className in
                hint.res_name = UnsafeMutablePointer(mutating: instance)
                hint.res_class = UnsafeMutablePointer(mutating: className)
                XSetClassHint(display, window, &hint)
            }
        }
        inputContext = XOpenIM(display, nil, nil, nil).flatMap { cpicker_create_ic($0, window) }
    }

    /// Maps the window above the others and takes the keyboard, retrying as rofi does while
    /// another client (the hotkey daemon that started us) still holds it, for at most 0.5 s.
    func show() throws(PickerError) {
        XMapRaised(display, window)
        XSync(display, 0)
        let deadline = monotonicSeconds() + 0.5
        while XGrabKeyboard(display, window, 1, GrabModeAsync, GrabModeAsync, UInt(CurrentTime)) != GrabSuccess {
            guard monotonicSeconds() < deadline else { throw .keyboardBusy }
            usleep(1000)
        }
        grabbed = true
        // The pointer too, as rofi does, so that a click on another window reaches the picker
        // (which closes) instead of that window; without it (another client holds the pointer)
        // the picker still works from the keyboard.
        pointerGrabbed =
            XGrabPointer(
                display, window, 1, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync, 0, 0, UInt(CurrentTime))
            == GrabSuccess
        if let inputContext { XSetICFocus(inputContext) }
    }

    /// Releases the keyboard, gives the focus back to the previous window and destroys ours;
    /// returns once the server has done all of it, so that a paste that follows reaches that window.
    func close() {
        guard !closed else { return }
        closed = true
        if grabbed { XUngrabKeyboard(display, UInt(CurrentTime)) }
        if pointerGrabbed { XUngrabPointer(display, UInt(CurrentTime)) }
        XDestroyWindow(display, window)
        if previousFocus > 1 { XSetInputFocus(display, previousFocus, RevertToParent, UInt(CurrentTime)) }
        XSync(display, 0)
    }

    /// Xft.dpi from the RESOURCE_MANAGER property, as GTK and rofi read it.
    private static func resourceDPI(_ display: OpaquePointer) -> Double? {
        guard let resources = XResourceManagerString(display) else { return nil }
        for line in String(cString: resources).split(separator: "\n") where line.hasPrefix("Xft.dpi:") {
            if let value = Double(line.dropFirst(8).trimmingPrefix(while: { $0 == " " || $0 == "\t" })), value >= 48 {
                return value
            }
        }
        return nil
    }

    /// The RandR monitor holding the centre of `focus`, else the first, else the whole screen.
    private static func monitor(_ display: OpaquePointer, around focus: Window) -> (
        x: Int32, y: Int32, width: Int32, height: Int32
    ) {
        let screen = (x: Int32(0), y: Int32(0), width: cpicker_screen_width(display), height: cpicker_screen_height(display))
        var count: Int32 = 0
        guard let monitors = XRRGetMonitors(display, cpicker_root(display), 1, &count), count > 0 else { return screen }
        defer { XRRFreeMonitors(monitors) }
        var centre = (x: screen.width / 2, y: screen.height / 2)
        var attributes = XWindowAttributes()
        var child: Window = 0
        if focus > 1, XGetWindowAttributes(display, focus, &attributes) != 0 {
            var x: Int32 = 0, y: Int32 = 0
            XTranslateCoordinates(
                display, focus, cpicker_root(display), attributes.width / 2, attributes.height / 2, &x, &y, &child)
            centre = (x, y)
        }
        let all = (0..<Int(count)).map { monitors[$0] }
        let chosen =
            all.first {
                centre.x >= $0.x && centre.x < $0.x + $0.width && centre.y >= $0.y && centre.y < $0.y + $0.height
            } ?? all[0]
        return (chosen.x, chosen.y, chosen.width, chosen.height)
    }
}
