import CopypastaCore
import CopypastaStore
import Glibc

/// `clear-on` (docs/DESIGN.md §7): the entries of the session — unpinned, unnamed, captured since
/// the daemon started, which the service manager does with the graphical session — are purged
/// when the session ends (the daemon stops, or the X server goes away) and, with `lock`, whenever
/// the screen saver turns on.
extension Agent {
    /// Watches the screen saver while `clear-on = lock`, and only then.
    func applyClearOn() {
        if config.clearOn == .lock {
            if !display.watchScreenSaver({ [unowned self] in screenLocked() }) {
                logger.warning("clear-on = lock: the X server has no screen saver extension; clearing at logout only")
            }
        } else {
            display.unwatchScreenSaver()
        }
    }

    /// The screen locked: purges the session's entries as a sliced job of the loop. A lock while
    /// that purge still runs adds nothing; a later one purges what was copied since (nothing
    /// else is left), so repeated activations are harmless. Unlocking does nothing.
    func screenLocked() {
        guard config.clearOn == .lock else { return }
        if let running = lockClear, slices.contains(running) { return }
        let job = PurgeSlices(job: store.sessionClearJob(since: startedAt), summary: \.removed) { [unowned self] outcome in
            switch outcome {
            case let .success(count):
                forgetPurgedTexts()
                logger.info("the screen locked: purged \(count) entries of this session")
            case let .failure(error): logger.warning("the screen locked but the session's entries were not purged: \(error)")
            }
        }
        lockClear = job
        slices.add(job)
    }

    /// After a lock's purge: gives up a selection the daemon serves (keep-alive, a restore,
    /// copy-on-select) whose text no entry holds any more, and forgets the texts the capture
    /// policy keeps for the merge and copy-on-select, so that no purged text stays on offer.
    private func forgetPurgedTexts() {
        capture.state.lastInserted = [:]
        capture.state.mirror = nil
        for selection in Config.Selection.allCases {
            guard let text = display.offeredText(selection) else { continue }
            let fingerprint = Fingerprint(of: text)
            if (try? store.holdsText(with: fingerprint)) == false { _ = display.withdraw(ifOffering: fingerprint) }
        }
    }

    /// At the end of the session: purges its entries before the daemon exits, allowing the
    /// database a few seconds if another process holds it. The loop has ended, so nothing waits.
    func clearSession(at reason: String) {
        guard config.clearOn != .never else { return }
        store.setBusyTimeout(HistoryStore.defaultBusyTimeout)
        do {
            let count = try store.sessionClearJob(since: startedAt).run(between: {})
            logger.info("\(reason): purged \(count) entries of this session")
        } catch {
            logger.error("\(reason) but the session's entries were not purged: \(error)")
        }
    }
}
