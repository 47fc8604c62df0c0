import CopypastaCore
import CopypastaStore
import Glibc

extension Agent {
    /// How long the daemon waits for another process's write lock, in milliseconds: a longer
    /// wait would stall the loop (captures, restores, status). A capture that meets a busy
    /// database is kept in memory and retried instead.
    static let busyTimeout: Int32 = 100

    /// Queues a capture and stores it, unless earlier captures are still waiting for a busy
    /// database: captures are stored in the order they arrived.
    func enqueueStore(_ pending: PendingCapture) {
        capture.pendingStores.append(pending)
        if capture.storeRetryAt == nil { flushPendingStores() }
    }

    /// Stores the waiting captures in order. On a busy database the rest stay queued and a retry
    /// is set as a deadline of the loop, 50 ms at first, doubling up to 1 s.
    func flushPendingStores() {
        capture.storeRetryAt = nil
        while let next = capture.pendingStores.first {
            guard attemptStore(next) else {
                capture.storeRetryDelay = min(max(0.05, capture.storeRetryDelay * 2), 1)
                capture.storeRetryAt = monotonicSeconds() + capture.storeRetryDelay
                logger.info(
                    "the database is busy; \(capture.pendingStores.count) capture(s) kept in memory, retrying",
                    metadata: ["in": "\(Int(capture.storeRetryDelay * 1000)) ms"])
                return
            }
            capture.pendingStores.removeFirst()
            capture.storeRetryDelay = 0
        }
    }

    /// At shutdown: stores what is still waiting, allowing the database a few seconds.
    func flushPendingStoresBeforeExit() {
        guard !capture.pendingStores.isEmpty else { return }
        store.setBusyTimeout(HistoryStore.defaultBusyTimeout)
        capture.storeRetryAt = nil
        flushPendingStores()
        if !capture.pendingStores.isEmpty {
            logger.error("\(capture.pendingStores.count) capture(s) not stored: the database stayed busy")
        }
    }

    /// Opens the database again when its file was deleted or replaced while the daemon runs
    /// (one stat(2) call): whatever the daemon writes must be in the file readers open.
    func reopenDatabaseIfReplaced() throws {
        guard try store.reopenIfReplaced() else { return }
        logger.warning("the database file \(store.path) was deleted or replaced while running; created it again")
        do {
            // The lock is on the file's identity: the new file needs its own, or a second daemon could start on it.
            lock = try InstanceLock(database: store.path)
        } catch {
            logger.error("\(error); exiting")
            exitStatus = .busy
            throw error
        }
    }

    /// Whether capture is paused, read from the file readers see (after a reopen if needed).
    ///
    /// A flag that cannot be read counts as paused, and says so in an error line: the user may
    /// have paused to copy a password, and a text stored against that wish reaches every reader
    /// of the history, while a copy missed while the database fails is only missed.
    func isCapturePaused() -> Bool {
        do {
            try reopenDatabaseIfReplaced()
            return try store.isPaused()
        } catch {
            logger.error("cannot read whether capture is paused: \(error); not capturing until it can be read")
            return true
        }
    }

    /// Tries to store one capture; false when the database was busy (try again later).
    private func attemptStore(_ pending: PendingCapture) -> Bool {
        let outcome: HistoryStore.Outcome
        do {
            try reopenDatabaseIfReplaced()
            outcome = try store.capture(
                pending.text, source: pending.selection == .primary ? .primary : .clipboard, sourceApp: pending.app,
                at: pending.changedAt, policy: config.duplicates, maxEntries: config.maxEntries,
                replacing: pending.replacing, isNewest: pending.isNewest)
        } catch StoreError.busy {
            return false
        } catch {
            logger.error("capture not stored: \(error)", metadata: meta(pending.selection, ["bytes": "\(pending.text.utf8.count)"]))
            return true
        }
        report(outcome, of: pending)
        return true
    }

    /// Logs a stored capture, remembers it for keep-alive and the PRIMARY merge, and runs the hook.
    private func report(_ outcome: HistoryStore.Outcome, of pending: PendingCapture) {
        let now = monotonicSeconds()
        let selection = pending.selection
        let bytes = pending.text.utf8.count
        switch outcome {
        case let .inserted(id), let .moved(id):
            capture.loopGuards[selection, default: LoopGuard()].recordChanged()
            if pending.isNewest {
                capture.newestStored[selection] = pending.read
                capture.ownerEntries[selection] = (pending.owner, id)
            }
            if selection == .primary {
                // Only an entry this PRIMARY capture created may be replaced by the next state of the
                // gesture; one that already existed (moved to the top: added, tagged, pinned) never is.
                capture.lastPrimary = if case .inserted = outcome { (id, pending.text, now) } else { nil }
            }
            let verb = if case .moved = outcome { "moved to top" } else { pending.replacing == nil ? "captured" : "replaced" }
            logger.info("\(verb)", metadata: meta(selection, ["id": "\(id)", "bytes": "\(bytes)", "app": "\(pending.app ?? "-")"]))
            runHook(.capture, id: id, selection: selection, text: pending.text, app: pending.app)
        case let .unchanged(existing):
            if let existing { capture.ownerEntries[selection] = (pending.owner, existing) }
            logger.debug("unchanged", metadata: meta(selection, ["bytes": "\(bytes)"]))
            if capture.loopGuards[selection, default: LoopGuard()].recordUnchanged(now: now) {
                logger.warning("owner re-sets the selection whenever it is read; pausing reads for 1 s", metadata: meta(selection, [:]))
            }
        }
    }
}
