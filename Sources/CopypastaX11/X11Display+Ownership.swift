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

    /// Whether copypasta still holds an offer or runs a transfer (the background server exits when neither).
    public var isServing: Bool { server.hasOffers || server.hasTransfers }

    /// How many text replies copypasta has delivered whole so far.
    public var textDeliveries: Int { server.textDeliveries }

    /// Whether a text reply was delivered whole, after delivery number `since`, to a window of the
    /// X client that owns `focus` (to anyone when the focus is no window): `paste` waits for the
    /// target itself, not for another clipboard manager that reads every new owner.
    public func delivered(since: Int, toClientOf focus: FocusID) -> Bool {
        let count = min(server.textDeliveries - since, server.recentRequestors.count)
        guard count > 0 else { return false }
        let target = Window(focus.window)
        if target <= 1 || target == root { return true }
        let client = applications.client(of: target)
        return server.recentRequestors.suffix(count).contains { applications.client(of: $0) == client }
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
