import CopypastaCore
import CopypastaStore
import CopypastaX11
import Logging

/// Decides what of the watched selections becomes history: pause, the feedback-loop guard, the
/// PRIMARY gesture wait, the ignore rules, duplicates, the PRIMARY merge, the order of late
/// reads, the busy-database queue and keep-alive (docs/DESIGN.md §3, §5).
///
/// It talks to X only through a `SelectionSource`, so all of it runs in unit tests against a
/// fake source and a real store; the X connection delivers its events here as the delegate.
final class CapturePolicy {
    /// The X connection, or a fake in tests.
    let source: SelectionSource
    /// The history database.
    let store: HistoryStore
    /// The daemon log.
    let logger: Logger
    /// The monotonic clock, in seconds; a test sets its own.
    let clock: () -> Double
    /// The configuration in effect; SIGHUP replaces it.
    var config: Config {
        didSet { filter = CaptureFilter(config: config) }
    }
    /// The capture rules compiled from `config`.
    private(set) var filter: CaptureFilter
    /// What the policy remembers between events.
    var state = CaptureState()
    /// Runs before each use of the database: the agent opens the file again if it was replaced,
    /// and throws when it cannot go on with it.
    var prepareStore: () throws -> Void = {}
    /// Runs after a capture was stored (inserted, moved or replaced), with the entry's id: the hook.
    var captured: (Int64, PendingCapture) -> Void = { _, _ in }

    /// A policy reading through `source` into `store`.
    init(
        source: SelectionSource, store: HistoryStore, config: Config, logger: Logger,
        clock: @escaping () -> Double = monotonicSeconds
    ) {
        self.source = source
        self.store = store
        self.config = config
        self.logger = logger
        self.clock = clock
        filter = CaptureFilter(config: config)
    }

    /// The entry captured from the current owner of each selection.
    var ownerEntries: [Config.Selection: (owner: OwnerID, id: Int64)] { state.ownerEntries }

    /// The per-conversion deadline, in seconds.
    var convertTimeout: Double { Double(config.convertTimeoutMilliseconds) / 1000 }

    /// Reads the current content of `selection` once, at start-up.
    func readCurrent(_ selection: Config.Selection) {
        if let owner = source.owner(of: selection) { state.owners[selection] = owner }
        source.readCurrent(selection, maxBytes: config.maxBytes, timeout: convertTimeout)
    }

    /// Starts a read unless reads of the selection are suspended, capture is paused or a PRIMARY
    /// gesture is still going on (then it looks again in 50 ms).
    func startReading(_ change: OwnerChange) {
        let now = clock()
        if state.loopGuards[change.selection, default: LoopGuard()].isSuspended(now: now) {
            state.deferred[change.selection] = change
            return
        }
        if isPaused() {
            releaseHeld(change.selection)
            return logger.info("skipped", metadata: meta(change.selection, ["reason": "\(SkipReason.paused)"]))
        }
        if change.selection == .primary && source.selectionGestureInProgress() {
            state.heldPrimary = change
            state.primaryRecheckAt = now + 0.05
            return
        }
        if let id = source.read(change, maxBytes: config.maxBytes, timeout: convertTimeout) {
            state.openReads[change.selection, default: []].insert(id)
        } else {
            releaseHeld(change.selection)
        }
    }

    /// Applies the text rules and pause to a text that arrived, and queues it for the store.
    func receive(_ text: String, repaired: Bool, from read: SelectionRead) {
        if repaired {
            logger.warning("owner sent invalid UTF-8; invalid bytes replaced with U+FFFD", metadata: meta(read.selection, [:]))
        }
        if let skip = filter.checkText(text) { return skipped(read, skip, bytes: text.utf8.count) }
        if isPaused() { return skipped(read, .paused) }
        let isNewest = state.newestStored[read.selection].map { read.id > $0 } ?? true
        let related = mergeable(text, from: read, isNewest: isNewest, now: clock())
        if related != nil && !isNewest {
            // An intermediate state of a selection gesture that finished after a later state was stored.
            return skipped(read, .supersededPartial)
        }
        enqueueStore(PendingCapture(text: text, read: read, replacing: isNewest ? related : nil, isNewest: isNewest))
    }

    /// Logs a read that ended without a stored text; the line is derived from the reason.
    func skipped(_ read: SelectionRead, _ reason: SkipReason, bytes: Int? = nil) {
        var extra: Logger.Metadata = ["reason": "\(reason)", "app": "\(read.app ?? "-")", "owner": "\(read.owner)"]
        if let bytes { extra["bytes"] = "\(bytes)" }
        if reason == .supersededPartial {
            logger.debug("skipped", metadata: meta(read.selection, extra))
        } else {
            logger.info("skipped", metadata: meta(read.selection, extra))
        }
    }

    /// The entry `text` replaces, captured from the same selection within 2 s: on PRIMARY one it grew
    /// or shrank from at either end (a drag); on either selection one the same owner's selection grew
    /// around (xterm's double then triple click, which `selectToClipboard` puts on CLIPBOARD), or,
    /// for a read that finished late, the later state that grew around it.
    private func mergeable(_ text: String, from read: SelectionRead, isNewest: Bool, now: Double) -> Int64? {
        guard let last = state.lastInserted[read.selection], now - last.at <= 2 else { return nil }
        if last.owner?.isSameWindow(as: read.owner) == true && (isNewest ? text.contains(last.text) : last.text.contains(text)) {
            return last.id
        }
        guard read.selection == .primary else { return nil }
        let related =
            text.hasPrefix(last.text) || text.hasSuffix(last.text) || last.text.hasPrefix(text) || last.text.hasSuffix(text)
        return related ? last.id : nil
    }

    /// Keep-alive: the owner of CLIPBOARD went away while its content is the newest entry, and
    /// nobody else owns it: serve that entry. The entry must have been captured from that very
    /// owner; a copy that was skipped (a password manager's) leaves nothing to keep alive.
    func keepAlive(_ selection: Config.Selection, goneOwner: OwnerID?) {
        guard config.keepAlive, selection == .clipboard, let kept = state.ownerEntries[selection], kept.owner == goneOwner,
            source.owner(of: selection) == nil, (try? store.newestID()) == kept.id,
            let text = try? store.text(id: kept.id)
        else { return }
        do {
            try source.own([selection], text: text, secret: false)
            logger.info("keeping the clipboard alive after its owner closed", metadata: meta(selection, ["id": "\(kept.id)"]))
        } catch {
            logger.warning("could not keep the clipboard alive: \(error)")
        }
    }

    /// The next timer of the capture logic: a store retry, the PRIMARY re-check, the end of a loop
    /// suspension, copy-on-select.
    var nextTimer: Double? {
        ([state.primaryRecheckAt, state.storeRetryAt, state.mirror?.dueAt] + state.loopGuards.values.map(\.suspendedUntil))
            .compactMap { $0 }.min()
    }

    /// Runs the timers that are due: a store retry, the PRIMARY gesture re-check, the end of a loop
    /// suspension and copy-on-select.
    func expireTimers(now: Double) {
        if let at = state.storeRetryAt, at <= now { flushPendingStores() }
        if let at = state.primaryRecheckAt, at <= now {
            state.primaryRecheckAt = nil
            if let held = state.heldPrimary {
                state.heldPrimary = nil
                startReading(held)
            }
        }
        for selection in Array(state.loopGuards.keys)
        where !state.loopGuards[selection, default: LoopGuard()].isSuspended(now: now) {
            if let change = state.deferred.removeValue(forKey: selection) { startReading(change) }
        }
        expireMirror(now: now)
    }

    /// Whether capture is paused, read from the file readers see (after a reopen if needed).
    ///
    /// A flag that cannot be read counts as paused, logged with SQLite's reason: storing a copy
    /// the user asked not to keep is worse than missing one (docs/DESIGN.md §7).
    func isPaused() -> Bool {
        do {
            try prepareStore()
            return try store.isPaused()
        } catch {
            logger.error("cannot read whether capture is paused: \(error); not capturing until it can be read")
            return true
        }
    }

    /// Log metadata naming the selection.
    func meta(_ selection: Config.Selection, _ extra: Logger.Metadata) -> Logger.Metadata {
        extra.merging(["selection": "\(selection.rawValue)"]) { $1 }
    }
}
