import CopypastaCore
import CopypastaStore
import Glibc

extension CapturePolicy {
    /// Queues a capture and stores it, unless earlier captures are still waiting for a busy
    /// database: captures are stored in the order they arrived.
    func enqueueStore(_ pending: PendingCapture) {
        state.pendingStores.append(pending)
        if state.storeRetryAt == nil { flushPendingStores() }
    }

    /// Stores the waiting captures in order. On a busy database the rest stay queued and a retry
    /// is set as a deadline of the loop, 50 ms at first, doubling up to 1 s.
    func flushPendingStores() {
        state.storeRetryAt = nil
        while let next = state.pendingStores.first {
            guard attemptStore(next) else {
                state.storeRetryDelay = min(max(0.05, state.storeRetryDelay * 2), 1)
                state.storeRetryAt = clock() + state.storeRetryDelay
                logger.info(
                    "the database is busy; \(state.pendingStores.count) capture(s) kept in memory, retrying",
                    metadata: ["in": "\(Int(state.storeRetryDelay * 1000)) ms"])
                return
            }
            state.pendingStores.removeFirst()
            state.storeRetryDelay = 0
        }
    }

    /// At shutdown: stores what is still waiting, allowing the database a few seconds.
    func flushPendingStoresBeforeExit() {
        guard !state.pendingStores.isEmpty else { return }
        store.setBusyTimeout(HistoryStore.defaultBusyTimeout)
        state.storeRetryAt = nil
        flushPendingStores()
        if !state.pendingStores.isEmpty {
            logger.error("\(state.pendingStores.count) capture(s) not stored: the database stayed busy")
        }
    }

    /// Tries to store one capture; false when the database was busy (try again later).
    private func attemptStore(_ pending: PendingCapture) -> Bool {
        let outcome: HistoryStore.Outcome
        do {
            try prepareStore()
            outcome = try store.capture(
                pending.text, source: pending.selection == .primary ? .primary : .clipboard, sourceApp: pending.app,
                at: pending.read.changedAt, policy: config.duplicates, maxEntries: config.maxEntries,
                replacing: pending.replacing, isNewest: pending.isNewest,
                syncLocal: config.syncExcluded(text: pending.text, app: pending.app))
        } catch let error as StoreError where error.isBusy {
            return false
        } catch {
            logger.error(
                "capture not stored: \(error)", metadata: meta(pending.selection, ["bytes": "\(pending.text.utf8.count)"]))
            return true
        }
        report(outcome, of: pending)
        return true
    }

    /// Logs a stored capture, remembers it for keep-alive and the PRIMARY merge, and runs the hook.
    private func report(_ outcome: HistoryStore.Outcome, of pending: PendingCapture) {
        let now = clock()
        let selection = pending.selection
        let bytes = pending.text.utf8.count
        switch outcome {
        case let .inserted(id), let .moved(id):
            state.loopGuards[selection, default: LoopGuard()].recordChanged()
            if pending.isNewest {
                state.newestStored[selection] = pending.read.id
                state.ownerEntries[selection] = (pending.read.owner, id)
            }
            // Only an entry this capture created may be replaced by the next state of the gesture;
            // one that already existed (moved to the top: added, tagged, pinned) never is.
            state.lastInserted[selection] =
                if case .inserted = outcome { (id, pending.text, now, pending.read.owner) } else { nil }
            let verb = if case .moved = outcome { "moved to top" } else { pending.replacing == nil ? "captured" : "replaced" }
            logger.info(
                "\(verb)", metadata: meta(selection, ["id": "\(id)", "bytes": "\(bytes)", "app": "\(pending.app ?? "-")"]))
            captured(id, pending)
            if pending.isNewest { scheduleMirror(pending) }
        case let .unchanged(existing):
            if let existing { state.ownerEntries[selection] = (pending.read.owner, existing) }
            if pending.isNewest { scheduleMirror(pending) }
            logger.debug("unchanged", metadata: meta(selection, ["bytes": "\(bytes)"]))
            if state.loopGuards[selection, default: LoopGuard()].recordUnchanged(now: now) {
                logger.warning(
                    "owner re-sets the selection whenever it is read; pausing reads for 1 s", metadata: meta(selection, [:]))
            }
        }
    }
}
