import CX11
import CopypastaCore

extension X11Display {
    /// Owns `selections` and serves `text` on them; returns once the server confirms
    /// the ownership with XGetSelectionOwner (docs/DESIGN.md §4), or throws.
    ///
    /// A `secret` text (a secure entry) also offers the password-manager hint
    /// (`x-kde-passwordManagerHint`, as KeePassXC sets it), so that clipboard managers — another
    /// copypasta daemon among them, when the background server holds the text — do not keep it.
    public func own(_ selections: [Config.Selection], text: String, secret: Bool) throws(X11Error) {
        let payload = SelectionServer.Payload(text: text, extra: secret ? [passwordHint()] : [], atoms: atoms)
        let time = serverTime()
        for selection in selections {
            let atom = atoms.atom(for: selection)
            XSetSelectionOwner(display, atom, window, time)
            guard XGetSelectionOwner(display, atom) == window else {
                throw isLost ? .connectionLost(name) : .ownershipNotConfirmed(selection.rawValue.uppercased())
            }
            server.offer(payload, on: atom, since: time)
        }
        flush()
    }

    /// The password-manager hint target, with the value KeePassXC gives it.
    private func passwordHint() -> SelectionServer.Item {
        let target = XInternAtom(display, CaptureFilter.passwordHintTarget, False)
        return SelectionServer.Item(target: target, type: target, format: 8, bytes: Array("secret".utf8))
    }

    /// Gives up every selection on which copypasta still serves the text with `fingerprint` (a
    /// secure entry's `secure-clear`: `copy --both` put it on PRIMARY too); returns whether it gave
    /// up any. A selection another owner took meanwhile is left alone.
    public func withdraw(ifOffering fingerprint: Fingerprint) -> Bool {
        [Config.Selection.clipboard, .primary].map { withdraw($0, ifOffering: fingerprint) }.contains(true)
    }

    /// Gives up `selection` when copypasta still serves the text with `fingerprint` on it; returns
    /// false, touching nothing, when another owner took it meanwhile.
    private func withdraw(_ selection: Config.Selection, ifOffering fingerprint: Fingerprint) -> Bool {
        let atom = atoms.atom(for: selection)
        guard let offered = server.offeredText(on: atom), Fingerprint(of: offered) == fingerprint,
            XGetSelectionOwner(display, atom) == window
        else { return false }
        XSetSelectionOwner(display, atom, Window(None), serverTime())
        server.ownershipLost(atom)
        flush()
        return true
    }

    /// Gives up `selection` if copypasta owns it (the end of a `paste` that served PRIMARY).
    public func release(_ selection: Config.Selection) {
        let atom = atoms.atom(for: selection)
        guard XGetSelectionOwner(display, atom) == window else { return }
        XSetSelectionOwner(display, atom, Window(None), serverTime())
        server.ownershipLost(atom)
        flush()
    }

    /// Whether copypasta still holds an offer or runs a transfer (the background server exits when neither).
    public var isServing: Bool { server.hasOffers || server.hasTransfers }

    /// How many text replies copypasta has delivered whole so far.
    public var textDeliveries: Int { server.textDeliveries }

    /// When a window of the X client that owns `focus` (anyone's, when the focus is no window)
    /// first had a text reply delivered whole after delivery number `since`, and when that client
    /// last asked copypasta for anything (TARGETS included) or had a reply delivered; nil while it
    /// has fetched nothing. `paste` waits for the target itself, not for another clipboard manager
    /// that reads every new owner, and until the target is done asking (see `PasteSession`).
    public func fetch(since: Int, byClientOf focus: FocusID) -> (fetchedAt: Double, lastActivity: Double, count: Int)? {
        let count = min(server.textDeliveries - since, server.recentDeliveries.count)
        guard count > 0 else { return nil }
        let isTarget = requestorMatcher(focus)
        let deliveries = server.recentDeliveries.suffix(count).filter { isTarget($0.requestor) }
        guard let first = deliveries.first else { return nil }
        let lastRequest = server.recentRequests.last { isTarget($0.requestor) }?.at ?? first.at
        return (first.at, max(lastRequest, deliveries.last?.at ?? first.at), deliveries.count)
    }

    /// Whether a requestor window belongs to the X client of `focus` (same client bits of the id).
    private func requestorMatcher(_ focus: FocusID) -> (Window) -> Bool {
        let target = Window(focus.window)
        if target <= 1 || target == root { return { _ in true } }
        let client = applications.client(of: target)
        return { self.applications.client(of: $0) == client }
    }

    /// The text copypasta serves on `selection`, nil when it does not own it.
    public func offeredText(_ selection: Config.Selection) -> String? {
        server.offeredText(on: atoms.atom(for: selection))
    }

    /// A current server timestamp: append nothing to a property of our window
    /// and read the time of the PropertyNotify that follows (ICCCM §2.1, as xsel does).
    func serverTime() -> Time {
        var nothing: UInt8 = 0
        XChangeProperty(display, window, atoms.timestampProperty, atoms.integer, 8, PropModeAppend, &nothing, 0)
        var event = XEvent()
        var wanted = atoms.timestampProperty
        withUnsafeMutablePointer(to: &wanted) { pointer in
            let argument = UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: CChar.self)
            XIfEvent(
                display, &event,
                { _, event, argument in
                    guard let event, let argument else { return False }
                    let atom = UnsafeRawPointer(argument).load(as: Atom.self)
                    return event.pointee.type == PropertyNotify && event.pointee.xproperty.atom == atom ? True : False
                }, argument)
        }
        return event.xproperty.time
    }
}
