import CopypastaCore
import CopypastaX11

/// A read's text is requested with the time of the change that started it, but the X server
/// hands the request to whoever owns the selection when it gets there. If another application
/// took the selection meanwhile, an owner that ignores the ICCCM's time check answers with its
/// own text, and that text would be kept under the earlier owner's name — past ignore-apps and
/// the password hint. The server reports the new owner (XFixes) before that owner can answer,
/// so a text that arrives while a newer read of the same selection has not shown whether its
/// owner is skipped waits for that verdict: dropped when the newer owner is skipped, stored
/// otherwise (docs/DESIGN.md §5). A wait lasts at most one conversion timeout.
extension CapturePolicy {
    /// Takes the text of `read`: stored now, held for a newer read's verdict, or dropped.
    func arrived(_ text: String, repaired: Bool, from read: SelectionRead) {
        if let skippedOwner = state.skippedOwnerRead[read.selection], read.id < skippedOwner {
            return skipped(read, .overtakenBySkippedOwner)
        }
        if awaitsVerdict(read) {
            state.held[read.selection, default: []].append((read, text, repaired))
            return
        }
        receive(text, repaired: repaired, from: read)
    }

    /// Notes that `read` ended, and its owner's verdict; the held texts that waited only for it go on.
    func readEnded(_ read: SelectionRead, outcome: ReadOutcome) {
        state.openReads[read.selection]?.remove(read.id)
        if case let .skipped(reason) = outcome, reason.isOwnerSkipped {
            state.skippedOwnerRead[read.selection] = max(state.skippedOwnerRead[read.selection] ?? read.id, read.id)
        }
        releaseHeld(read.selection)
    }

    /// Stores or drops the held texts of `selection` whose newer reads have all shown their verdict.
    func releaseHeld(_ selection: Config.Selection) {
        guard let held = state.held[selection] else { return }
        state.held[selection] = nil
        for capture in held { arrived(capture.text, repaired: capture.repaired, from: capture.read) }
    }

    /// Whether a newer change of the read's selection has not shown yet whether its owner is
    /// skipped: a read in flight, or a change held back (PRIMARY gesture, loop guard).
    private func awaitsVerdict(_ read: SelectionRead) -> Bool {
        let selection = read.selection
        return state.openReads[selection]?.contains { $0 > read.id } == true || state.deferred[selection] != nil
            || (selection == .primary && state.heldPrimary != nil)
    }
}
