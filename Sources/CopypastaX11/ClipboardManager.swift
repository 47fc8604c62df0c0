import CX11
import CopypastaCore

/// The desktop's clipboard-manager role (the freedesktop ClipboardManager protocol): owns
/// `CLIPBOARD_MANAGER` with a window of its own (ICCCM §2.8), answers every request on it
/// at once, and carries out SAVE_TARGETS: an exiting application's clipboard is copied,
/// CLIPBOARD is taken, and only then the application gets its reply and may exit.
///
/// It never fights for the role: another client that takes it keeps it; the window is
/// destroyed and copypasta goes on as a history agent, claiming again only once the
/// role is free.
final class ClipboardManager {
    private unowned let connection: X11Display
    /// The window owning `CLIPBOARD_MANAGER`, while copypasta holds the role.
    private(set) var window: Window?
    private var claimedAt: Time = 0
    private var role = Config.ManagerRole.off
    private var perTargetLimit = 32 << 20
    private var totalLimit = 64 << 20
    private var job: TargetSave?
    private var queue: [XSelectionRequestEvent] = []
    /// Requestors whose destruction a save watches (StructureNotifyMask).
    private var watched = Set<Window>()

    /// A manager for `connection`, holding no role yet.
    init(connection: X11Display) {
        self.connection = connection
    }

    private var display: OpaquePointer { connection.display }
    private var atoms: Atoms { connection.atoms }

    /// Applies the configured role and caps; claims the role when it should.
    func configure(_ role: Config.ManagerRole, perTarget: Int, total: Int) -> ManagerClaim {
        self.role = role
        perTargetLimit = min(perTarget, total)
        totalLimit = total
        let mask = UInt(
            XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask | XFixesSelectionClientCloseNotifyMask)
        XFixesSelectSelectionInput(display, connection.root, atoms.clipboardManager, role == .off ? 0 : mask)
        if role == .off {
            release()
            return .off
        }
        if window != nil { return .held }
        let current = XGetSelectionOwner(display, atoms.clipboardManager)
        if current != 0 && role == .auto { return .heldByOther(OwnerID(window: current)) }
        return claim(replacing: current)
    }

    /// The role's owner changed (XFixes): claim it when it became free.
    func roleOwnerChanged() {
        guard role != .off, window == nil, XGetSelectionOwner(display, atoms.clipboardManager) == 0 else { return }
        _ = claim(replacing: 0)
    }

    /// Another client took `CLIPBOARD_MANAGER`: end the save in progress, refuse the queued
    /// ones, and destroy the window (ICCCM §2.8), so a replacing manager knows we let go.
    func roleLost() {
        guard let window else { return }
        abortAll()
        XDestroyWindow(display, window)
        self.window = nil
    }

    private func claim(replacing previous: Window) -> ManagerClaim {
        let window = XCreateSimpleWindow(display, connection.root, -10, -10, 1, 1, 0, 0, 0)
        XSelectInput(display, window, PropertyChangeMask)
        let time = connection.serverTime()
        XSetSelectionOwner(display, atoms.clipboardManager, window, time)
        guard XGetSelectionOwner(display, atoms.clipboardManager) == window else {
            XDestroyWindow(display, window)
            return .failed
        }
        self.window = window
        claimedAt = time
        announce(window, time: time)
        return previous == 0 ? .claimed : .replaced(OwnerID(window: previous))
    }

    /// The ICCCM §2.8 MANAGER message on the root window.
    private func announce(_ window: Window, time: Time) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = connection.root
        event.xclient.message_type = atoms.manager
        event.xclient.format = 32
        event.xclient.data.l.0 = CLong(bitPattern: UInt(time))
        event.xclient.data.l.1 = CLong(bitPattern: UInt(atoms.clipboardManager))
        event.xclient.data.l.2 = CLong(bitPattern: UInt(window))
        XSendEvent(display, connection.root, False, StructureNotifyMask, &event)
    }

    private func release() {
        guard let window else { return }
        abortAll()
        XSetSelectionOwner(display, atoms.clipboardManager, 0, connection.serverTime())
        XDestroyWindow(display, window)
        self.window = nil
    }

    /// Whether copypasta holds the role.
    var isManager: Bool { window != nil }

    /// Answers a request on `CLIPBOARD_MANAGER` at once, or starts (or queues) a save.
    func handleRequest(_ request: XSelectionRequestEvent) {
        guard let window, request.owner == window else { return reply(request, property: 0) }
        let property = request.property == 0 ? request.target : request.property
        switch request.target {
        case atoms.targets:
            setLongs(
                request.requestor, property, type: Atom(XA_ATOM),
                [atoms.targets, atoms.timestamp, atoms.saveTargets].map { UInt($0) })
            reply(request, property: property)
        case atoms.timestamp:
            setLongs(request.requestor, property, type: atoms.integer, [UInt(claimedAt)])
            reply(request, property: property)
        case atoms.saveTargets:
            queue.append(request)
            startNext()
        default:
            reply(request, property: 0)
        }
    }

    /// Starts the next queued save when none runs; answers at once the ones with nothing to save.
    private func startNext() {
        while job == nil, let window, !queue.isEmpty {
            let request = queue.removeFirst()
            let owner = XGetSelectionOwner(display, atoms.clipboard)
            if owner == connection.window {
                // Already ours (a Qt application owning only PRIMARY, or a second request): nothing to fetch.
                finishReply(request, saved: true)
                continue
            }
            let requestorClient = connection.applications.client(of: request.requestor)
            guard owner != 0, connection.applications.client(of: owner) == requestorClient else {
                finishReply(request, saved: false)
                continue
            }
            let serving = connection.server.isTransferring(to: request.requestor)
            XSelectInput(display, request.requestor, StructureNotifyMask | (serving ? PropertyChangeMask : NoEventMask))
            watched.insert(request.requestor)
            let save = TargetSave(
                request: request, owner: owner, window: window, connection: connection,
                perTarget: perTargetLimit, total: totalLimit)
            job = save
            resume()
        }
    }

    /// Starts a waiting save once the capture has nothing outstanding at its owner.
    func resume() {
        guard let job, job.phase == .waiting, !connection.reader.isReading(from: job.owner) else { return }
        job.begin()
        finishIfComplete()
    }

    /// Routes an owner's answer to the running save.
    func handleSelectionNotify(_ event: XSelectionEvent) {
        job?.handleSelectionNotify(event)
        finishIfComplete()
    }

    /// Routes an INCR chunk written into the manager window to the running save.
    func handlePropertyNewValue(_ property: Atom) {
        job?.handlePropertyNewValue(property)
        finishIfComplete()
    }

    /// The requestor's window was destroyed, or the CLIPBOARD owner went away: the save ends
    /// without taking CLIPBOARD (keep-alive covers the text already captured).
    func ownerGone(_ isGone: (Window) -> Bool) {
        guard let job, isGone(job.owner) || isGone(job.request.requestor) else { return }
        self.job = nil
        finishReply(job.request, saved: false)
        startNext()
    }

    /// The earliest deadline of the running save.
    var nextDeadline: Double? { job?.deadline }

    /// The watchdog: a save whose owner went silent ends with what arrived.
    func expire(now: Double) {
        guard let job, job.deadline <= now else { return }
        if job.phase == .waiting {
            job.begin()
        } else {
            job.stop()
        }
        finishIfComplete()
    }

    private func finishIfComplete() {
        guard let job, job.isComplete else { return }
        self.job = nil
        let saved = !job.items.isEmpty && connection.takeSavedClipboard(job.items)
        finishReply(job.request, saved: saved)
        connection.flush()
        // The slow part (the history store, hooks) runs only now, after the owner has its answer.
        connection.reportSave(job, taken: saved)
        startNext()
    }

    private func abortAll() {
        if let job { finishReply(job.request, saved: false) }
        job = nil
        for request in queue { finishReply(request, saved: false) }
        queue = []
    }

    /// The reply that ends SAVE_TARGETS: success names the request's property, holding a
    /// zero-length NULL (the ICCCM §2.6.3 side-effect answer); failure names None.
    private func finishReply(_ request: XSelectionRequestEvent, saved: Bool) {
        if saved && request.property != 0 {
            XChangeProperty(display, request.requestor, request.property, atoms.null, 32, PropModeReplace, nil, 0)
        }
        // Only a running save selected events on the requestor; an INCR transfer to it keeps its own.
        if watched.remove(request.requestor) != nil && !connection.server.isTransferring(to: request.requestor) {
            XSelectInput(display, request.requestor, NoEventMask)
        }
        reply(request, property: saved ? request.property : 0)
    }

    private func setLongs(_ window: Window, _ property: Atom, type: Atom, _ values: [UInt]) {
        _ = values.withUnsafeBytes { raw in
            XChangeProperty(
                display, window, property, type, 32, PropModeReplace,
                raw.bindMemory(to: UInt8.self).baseAddress, Int32(values.count))
        }
    }

    private func reply(_ request: XSelectionRequestEvent, property: Atom) {
        SelectionServer.notify(request, property: property, on: display)
    }
}
