import CX11
import CopypastaCore

/// The outcome of applying the `clipboard-manager` setting, for the daemon's log.
public enum ManagerClaim: Equatable, Sendable {
    /// copypasta took the free role.
    case claimed
    /// copypasta took the role from another manager (`replace`).
    case replaced(OwnerID)
    /// copypasta already held the role.
    case held
    /// Another client holds the role and keeps it (`auto`).
    case heldByOther(OwnerID)
    /// The role is turned off.
    case off
    /// The server did not confirm the ownership.
    case failed
}

extension X11Display {
    /// Applies the `clipboard-manager` role and the save caps; claims the role when it should.
    public func configureManager(_ role: Config.ManagerRole, perTargetBytes: Int, totalBytes: Int) -> ManagerClaim {
        let outcome = manager.configure(role, perTarget: perTargetBytes, total: totalBytes)
        flush()
        return outcome
    }

    /// Whether copypasta is the desktop's clipboard manager right now.
    public var isClipboardManager: Bool { manager.isManager }

    /// Owns CLIPBOARD with a saved clipboard's targets, confirmed by the server; false when not confirmed.
    func takeSavedClipboard(_ items: [SelectionServer.Item]) -> Bool {
        let text = savedText(items)
        let extra = text == nil ? items : items.filter { !isPlainText($0.target) }
        let time = serverTime()
        XSetSelectionOwner(display, atoms.clipboard, window, time)
        guard XGetSelectionOwner(display, atoms.clipboard) == window else { return false }
        server.offer(SelectionServer.Payload(text: text?.text, extra: extra, atoms: atoms), on: atoms.clipboard, since: time)
        return true
    }

    /// Hands a finished save to the delegate: its text goes the way of any capture.
    func reportSave(_ save: TargetSave, taken: Bool) {
        let read = save.read
        let text = taken ? savedText(save.items) : nil
        let names = reader.atomNames(save.items.map(\.target))
        delegate?.clipboardSaved(
            SaveReport(
                read: read, text: text?.text, repaired: text?.repaired ?? false, targets: names, overCap: save.overCap,
                stalled: save.stalled, refusal: save.refusal, taken: taken))
    }

    /// The text among saved targets, decoded from the best text target.
    private func savedText(_ items: [SelectionServer.Item]) -> (text: String, repaired: Bool)? {
        let names = reader.atomNames(items.map(\.target))
        guard names.count == items.count, let best = CaptureFilter.bestTextTarget(names),
            let index = names.firstIndex(of: best.name), items[index].format == 8
        else { return nil }
        return TextDecoding.decode(items[index].bytes, as: best.encoding)
    }

    private func isPlainText(_ target: Atom) -> Bool {
        reader.atomNames([target]).first.map { SaveTargets.textTargets.contains($0) } ?? false
    }
}
