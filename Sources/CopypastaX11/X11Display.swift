// DESIGN
//
// CopypastaX11 is the only module that calls Xlib (docs/DESIGN.md §1). Terms:
//   selection  CLIPBOARD or PRIMARY (ICCCM §2);
//   owner      the window that holds a selection; XFixes tells us when it
//              changes, when its window is destroyed and when its client closes;
//   conversion asking the owner for the selection in a target (TARGETS, then a
//              text target) into a property of our window (ICCCM §2.4);
//   INCR       the incremental transfer for payloads too big for one request
//              (ICCCM §2.7.2), in both directions;
//   transfer   one reply we serve to a requestor, possibly INCR.
//
// Everything here runs on one thread: the daemon's event loop owns the
// Display, calls `dispatchPending()` before each poll() and
// `handleTimeouts()` when a deadline passes. Nothing blocks on another
// client: conversions and INCR transfers are state machines with deadlines.
// The only round trips that wait are to the X server itself (a timestamp,
// GetSelectionOwner, property reads), which answers at once.
//
// Rules and where they come from:
//   - conversions carry the XFixes selection timestamp (ICCCM §2.4: never
//     CurrentTime); replies whose time or property does not match the current
//     conversion are discarded;
//   - ownership is taken with a real server time obtained from a zero-length
//     property append (ICCCM §2.1) and confirmed with XGetSelectionOwner;
//   - our own ownership changes are ignored by window id (a manager that read its
//     own ownership would capture its restores and loop);
//   - transfers continue after SelectionClear (ICCCM §2.2);
//   - protocol errors (BadWindow from vanished windows) are recorded, never
//     fatal; an I/O error marks the connection lost and XCloseDisplay is never
//     called afterwards (Xlib's I/O error handler must not return into it).
import CX11
import CopypastaCore
import Glibc

nonisolated(unsafe) private var recordedProtocolErrors: [String] = []
nonisolated(unsafe) private var connectionBroken = false

/// One connection to the X server with copypasta's hidden window.
public final class X11Display {
    /// The Xlib Display.
    let display: OpaquePointer
    /// The interned atoms.
    let atoms: Atoms
    /// Our unmapped window: conversions land in its properties and it owns selections.
    let window: Window
    /// The root window, where XFixes events are selected.
    let root: Window
    private let xfixesEventBase: Int32
    /// The display name, for logs and status.
    public let name: String
    /// The connection's file descriptor, to poll() on.
    public let fileDescriptor: Int32
    /// Receives owner changes, conversion results and lost ownership.
    public weak var delegate: ClipboardDelegate?
    /// Conversions from other owners.
    lazy var reader = SelectionReader(connection: self)
    private var lastReadID = 0
    /// Selections we own and their transfers.
    lazy var server = SelectionServer(connection: self)
    /// The clipboard-manager role and its saves.
    lazy var manager = ClipboardManager(connection: self)
    /// Names the applications behind owner windows.
    lazy var applications = ApplicationLookup(connection: self)
    /// The foreign owner of each selection, from XFixes, with its application found at the change:
    /// the one an owner-gone event is about (X11Display+Owners.swift).
    var selectionOwners: [Atom: TrackedOwner] = [:]
    /// The screen saver extension's first event, once `watchScreenSaver` subscribed (X11Display+ScreenSaver.swift).
    var screenSaverEventBase: Int32?
    /// Called when the screen saver turns on (the screen locks); set by `watchScreenSaver`.
    var screenSaverActivated: () -> Void = {}
    /// The `pick-hotkey` key and its grab (X11Display+Hotkey.swift); nil when none is configured.
    public internal(set) var hotkey: Hotkey?
    /// Called on the event-loop thread when the grabbed hotkey is pressed.
    public var hotkeyPressed: (() -> Void)?
    /// Called when a new keyboard mapping moved the hotkey and it was grabbed again, with the outcome.
    public var hotkeyRegrabbed: ((Hotkey?) -> Void)?

    /// Opens `displayName` (nil: $DISPLAY) and creates the hidden window.
    public init(displayName: String?) throws(X11Error) {
        let resolved = displayName ?? getenv("DISPLAY").map { String(cString: $0) } ?? ""
        guard !resolved.isEmpty else { throw .noDisplay }
        guard let display = XOpenDisplay(resolved) else { throw .cannotOpen(resolved) }
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XFixesQueryExtension(display, &eventBase, &errorBase) != 0 else {
            XCloseDisplay(display)
            throw .noXFixes(resolved)
        }
        self.display = display
        name = resolved
        xfixesEventBase = eventBase
        fileDescriptor = XConnectionNumber(display)
        atoms = Atoms(display: display)
        root = XDefaultRootWindow(display)
        window = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
        XSelectInput(display, window, PropertyChangeMask)
        var hint = XClassHint()
        "copypasta".withCString { name in
            hint.res_name = UnsafeMutablePointer(mutating: name)
            hint.res_class = UnsafeMutablePointer(mutating: name)
            XSetClassHint(display, window, &hint)
        }
        XStoreName(display, window, "copypasta")
        installErrorHandlers()
        XFlush(display)
    }

    deinit {
        if !connectionBroken { XCloseDisplay(display) }
    }

    private func installErrorHandlers() {
        XSetErrorHandler { _, event in
            guard let event else { return 0 }
            // Another client's grab of the hotkey: reported by `grabHotkey`, not as a stray error.
            if event.pointee.error_code == UInt8(BadAccess) && event.pointee.request_code == grabKeyRequest {
                refusedKeyGrabs += 1
                return 0
            }
            if recordedProtocolErrors.count < 64 {
                let error = event.pointee
                recordedProtocolErrors.append(
                    "X error \(error.error_code) on request \(error.request_code) for resource 0x\(String(error.resourceid, radix: 16))"
                )
            }
            return 0
        }
        XSetIOErrorHandler { _ in 0 }
        XSetIOErrorExitHandler(display, { _, _ in connectionBroken = true }, nil)
    }

    /// True once the connection to the X server has broken.
    public var isLost: Bool { connectionBroken }

    /// Protocol errors seen since the last call, for the log.
    public func takeProtocolErrors() -> [String] {
        defer { recordedProtocolErrors.removeAll() }
        return recordedProtocolErrors
    }

    /// Subscribes to XFixes owner-change, window-destroy and client-close events for `selections`.
    public func watch(_ selections: [Config.Selection]) {
        let mask = UInt(
            XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask | XFixesSelectionClientCloseNotifyMask)
        for selection in Config.Selection.allCases {
            XFixesSelectSelectionInput(display, root, atoms.atom(for: selection), selections.contains(selection) ? mask : 0)
        }
        XFlush(display)
    }

    /// The current owner of a selection, nil when there is none.
    public func owner(of selection: Config.Selection) -> OwnerID? {
        let owner = XGetSelectionOwner(display, atoms.atom(for: selection))
        return owner == 0 ? nil : ownerID(of: owner)
    }

    /// Whether copypasta's window owns `selection` right now (asked of the server).
    public func owns(_ selection: Config.Selection) -> Bool {
        XGetSelectionOwner(display, atoms.atom(for: selection)) == window
    }

    /// True while a mouse button or Shift is held: a PRIMARY selection may still be growing.
    public func selectionGestureInProgress() -> Bool {
        var rootReturn: Window = 0, child: Window = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, winX: Int32 = 0, winY: Int32 = 0
        var mask: UInt32 = 0
        guard XQueryPointer(display, root, &rootReturn, &child, &rootX, &rootY, &winX, &winY, &mask) != 0 else { return false }
        let held = UInt32(Button1Mask | Button2Mask | Button3Mask | ShiftMask)
        return mask & held != 0
    }

    /// Starts reading the selection whose owner change is `change` (TARGETS first); returns the read's id.
    @discardableResult
    public func read(_ change: OwnerChange, maxBytes: Int, timeout: Double) -> ReadID? {
        guard let owner = change.owner, !change.isOurs else { return nil }
        let read = nextRead(change.selection, owner: owner)
        reader.begin(read, time: change.time, maxBytes: maxBytes, timeout: timeout)
        return read.id
    }

    /// Starts reading whatever `selection` holds now (at start-up, when no event has arrived yet).
    @discardableResult
    public func readCurrent(_ selection: Config.Selection, maxBytes: Int, timeout: Double) -> ReadID? {
        guard let owner = owner(of: selection), owner.window != window else { return nil }
        track(owner, on: atoms.atom(for: selection))
        let read = nextRead(selection, owner: owner)
        reader.begin(read, time: serverTime(), maxBytes: maxBytes, timeout: timeout)
        return read.id
    }

    /// A new read of `selection` from `owner`, changed now, with the next id.
    func nextRead(_ selection: Config.Selection, owner: OwnerID, classNames: [String] = []) -> SelectionRead {
        lastReadID += 1
        return SelectionRead(
            id: ReadID(value: lastReadID), selection: selection, owner: owner, changedAt: .now(), classNames: classNames)
    }

    /// Whether `window` owns one of the watched selections, as far as XFixes told us.
    func isSelectionOwner(_ window: Window) -> Bool {
        selectionOwners.values.contains { $0.id.window == window }
    }

    /// Reads and handles every event Xlib has queued or can read without blocking, and
    /// sends every buffered request.
    ///
    /// Call it last before poll(): XPending flushes the output buffer before it looks for
    /// events, so when it returns 0 nothing is buffered either way. Any other Xlib call in
    /// between, even XFlush, may read an event into Xlib's queue, and poll() would then sleep
    /// with that event unhandled (seen as an owner's reply left unread until a timeout).
    public func dispatchPending() {
        while !connectionBroken && XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            handle(&event)
            manager.resume()
        }
    }

    /// Sends buffered requests to the server.
    public func flush() {
        if !connectionBroken { XFlush(display) }
    }

    private func handle(_ event: inout XEvent) {
        switch event.type {
        case xfixesEventBase + XFixesSelectionNotify:
            handleXFixesSelectionNotify(&event)
        case SelectionNotify where event.xselection.requestor == manager.window:
            manager.handleSelectionNotify(event.xselection)
        case SelectionNotify:
            reader.handleSelectionNotify(event.xselection)
        case PropertyNotify:
            handlePropertyNotify(event.xproperty)
        case SelectionRequest where event.xselectionrequest.selection == atoms.clipboardManager:
            manager.handleRequest(event.xselectionrequest)
        case SelectionRequest:
            server.handleSelectionRequest(event.xselectionrequest)
        case SelectionClear where event.xselectionclear.selection == atoms.clipboardManager:
            manager.roleLost()
        case SelectionClear:
            handleSelectionClear(event.xselectionclear)
        case KeyPress:
            handleKeyPress(event.xkey)
        case MappingNotify:
            keyboardMappingChanged(&event.xmapping)
        case DestroyNotify:
            let destroyed = event.xdestroywindow.window
            manager.ownerGone { $0 == destroyed }
        default:
            handleScreenSaverNotify(event)
        }
    }

    private func handleXFixesSelectionNotify(_ event: inout XEvent) {
        let notify = withUnsafePointer(to: &event) {
            $0.withMemoryRebound(to: XFixesSelectionNotifyEvent.self, capacity: 1) { $0.pointee }
        }
        if notify.selection == atoms.clipboardManager { return manager.roleOwnerChanged() }
        guard let selection = atoms.selection(for: notify.selection) else { return }
        let kind: OwnerChange.Kind =
            switch notify.subtype {
            case Int32(XFixesSetSelectionOwnerNotify): notify.owner == 0 ? .cleared : .newOwner
            default: .ownerGone
            }
        let owner = OwnerID(window: notify.owner, since: notify.selection_timestamp)
        trackOwner(
            selection: notify.selection, kind: kind, owner: owner,
            clientClosed: notify.subtype == Int32(XFixesSelectionClientCloseNotify))
        delegate?.ownerChanged(
            OwnerChange(
                selection: selection, kind: kind, owner: notify.owner == 0 ? nil : owner, isOurs: notify.owner == window,
                time: notify.selection_timestamp))
    }

    /// Follows the owner of each selection. When it goes away, its conversions end at once:
    /// no reply can come from it, and waiting for the convert timeout would only delay the log.
    /// A closed client takes all its windows with it, so its conversions of other selections
    /// (and of earlier copies) end too.
    private func trackOwner(selection: Atom, kind: OwnerChange.Kind, owner: OwnerID, clientClosed: Bool) {
        switch kind {
        case .newOwner:
            if owner.window == window { selectionOwners[selection] = nil } else { track(owner, on: selection) }
        case .cleared: selectionOwners[selection] = nil
        case .ownerGone:
            let gone = owner.window != 0 ? owner.window : selectionOwners[selection]?.id.window
            selectionOwners[selection] = nil
            if let gone, gone != window {
                let client = applications.client(of: gone)
                let isGone = { (candidate: Window) in
                    clientClosed ? self.applications.client(of: candidate) == client : candidate == gone
                }
                reader.ownerGone(isGone)
                if selection == atoms.clipboard { manager.ownerGone(isGone) }
            }
        }
        applications.keepOnly(selectionOwners.values.map(\.id.window))
    }

    private func handlePropertyNotify(_ event: XPropertyEvent) {
        if event.window == window {
            if event.state == PropertyNewValue { reader.handlePropertyNewValue(event.atom) }
        } else if event.window == manager.window {
            if event.state == PropertyNewValue { manager.handlePropertyNewValue(event.atom) }
        } else if event.state == PropertyDelete {
            server.handlePropertyDeleted(requestor: event.window, property: event.atom)
        }
    }

    private func handleSelectionClear(_ event: XSelectionClearEvent) {
        guard let selection = atoms.selection(for: event.selection) else { return }
        server.ownershipLost(event.selection)
        delegate?.ownershipLost(selection: selection)
    }

    /// The earliest monotonic deadline among conversions and transfers, if any.
    public var nextDeadline: Double? {
        [reader.nextDeadline, server.nextDeadline, manager.nextDeadline].compactMap { $0 }.min()
    }

    /// Expires conversions and transfers whose deadline has passed.
    public func handleTimeouts(now: Double) {
        reader.expire(now: now)
        server.expire(now: now)
        manager.resume()
        manager.expire(now: now)
        flush()
    }
}
