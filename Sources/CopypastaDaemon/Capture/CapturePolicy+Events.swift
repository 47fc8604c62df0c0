import CopypastaCore
import CopypastaX11

extension CapturePolicy: ClipboardDelegate {
    /// Reads a new owner's text, forgets a cleared one, keeps a closed one's alive.
    func ownerChanged(_ change: OwnerChange) {
        guard !change.isOurs, config.watchedSelections.contains(change.selection) else { return }
        switch change.kind {
        case .newOwner:
            if let owner = change.owner { state.owners[change.selection] = owner }
            sourceChanged(change.selection)
            startReading(change)
        case .cleared:
            state.owners[change.selection] = nil
            state.lastInserted[change.selection]?.owner = nil
        case .ownerGone:
            state.lastInserted[change.selection]?.owner = nil
            let gone = state.owners.removeValue(forKey: change.selection)
            logger.debug(
                "the owner of \(change.selection.rawValue.uppercased()) went away",
                metadata: ["owner": "\(gone.map(\.description) ?? "-")"])
            keepAlive(change.selection, goneOwner: gone)
        }
    }

    /// Applies the password hint and ignore-apps before any text is fetched.
    func check(_ read: SelectionRead, targets: [String]) -> SkipReason? {
        filter.checkOwner(targets: targets, classNames: read.classNames)
    }

    /// Stores the text of a finished read, or logs why there is none. A text waits while a newer
    /// read of its selection has not shown whether its owner is skipped (CapturePolicy+Overtaking.swift).
    func readFinished(_ read: SelectionRead, outcome: ReadOutcome) {
        readEnded(read, outcome: outcome)
        switch outcome {
        case let .text(text, repaired): arrived(text, repaired: repaired, from: read)
        case let .skipped(reason): skipped(read, reason)
        }
    }

    /// Notes that another client took a selection copypasta served.
    func ownershipLost(selection: Config.Selection) {
        logger.debug("another client took \(selection.rawValue.uppercased())")
    }
}
