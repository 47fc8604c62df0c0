import CopypastaCore
import CopypastaStore
import CopypastaX11
import Logging

extension Agent: ClipboardDelegate {
    /// Reads the current content of `selection` once, at start-up (SPEC §4).
    func readCurrent(_ selection: Config.Selection) {
        if let owner = display.owner(of: selection) { capture.owners[selection] = owner }
        if let read = display.readCurrent(selection, maxBytes: config.maxBytes, timeout: convertTimeout) {
            capture.reads[read] = (.now(), nil)
        }
    }

    /// The per-conversion deadline, in seconds.
    var convertTimeout: Double { Double(config.convertTimeoutMilliseconds) / 1000 }

    /// Reads a new owner's text, forgets a cleared one, keeps a closed one's alive.
    public func ownerChanged(_ change: OwnerChange) {
        guard !change.isOurs, config.selections.contains(change.selection) else { return }
        switch change.kind {
        case .newOwner:
            if let owner = change.owner { capture.owners[change.selection] = owner }
            startReading(change)
        case .cleared:
            capture.owners[change.selection] = nil
        case .ownerGone:
            let gone = capture.owners.removeValue(forKey: change.selection)
            logger.debug("the owner of \(change.selection.rawValue.uppercased()) went away", metadata: ["owner": "\(gone.map(\.description) ?? "-")"])
            keepAlive(change.selection, goneOwner: gone)
        }
    }

    private func startReading(_ change: OwnerChange) {
        let now = monotonicSeconds()
        if capture.loopGuards[change.selection, default: LoopGuard()].isSuspended(now: now) {
            capture.deferred[change.selection] = change
            return
        }
        if (try? store.isPaused()) == true {
            return logger.info("skipped", metadata: meta(change.selection, ["reason": "paused"]))
        }
        if change.selection == .primary && display.selectionGestureInProgress() {
            capture.heldPrimary = change
            capture.primaryRecheckAt = now + 0.05
            return
        }
        if let read = display.read(change, maxBytes: config.maxBytes, timeout: convertTimeout) {
            capture.reads[read] = (.now(), nil)
        }
    }

    /// Applies the password hint and ignore-apps before any text is fetched.
    public func shouldFetch(_ read: ReadID, selection: Config.Selection, targets: [String], owner: OwnerID) -> Bool {
        let classes = display.classNames(of: owner)
        capture.reads[read]?.app = classes.last
        if let skip = filter.checkOwner(targets: targets, classNames: classes) {
            // The reader ends this read without another callback: forget it here.
            capture.reads[read] = nil
            logger.info("skipped", metadata: meta(selection, ["reason": "\(skip)", "app": "\(classes.last ?? "-")"]))
            return false
        }
        return true
    }

    /// Decodes, filters and stores a text that arrived.
    public func converted(_ read: ReadID, selection: Config.Selection, text: String, repaired: Bool, owner: OwnerID) {
        let pending = capture.reads.removeValue(forKey: read)
        let app = pending?.app
        if repaired { logger.warning("owner sent invalid UTF-8; invalid bytes replaced with U+FFFD", metadata: meta(selection, [:])) }
        if let skip = filter.checkText(text) {
            return logger.info("skipped", metadata: meta(selection, ["reason": "\(skip)", "bytes": "\(text.utf8.count)", "app": "\(app ?? "-")"]))
        }
        if (try? store.isPaused()) == true {
            return logger.info("skipped", metadata: meta(selection, ["reason": "paused"]))
        }
        store(text, read: read, changedAt: pending?.time ?? .now(), selection: selection, app: app, owner: owner)
    }

    /// Stores a converted text. A read that finishes after a newer read of the same selection was
    /// stored keeps its earlier time, so it lands below the newer entry and does not become the
    /// last fingerprint.
    private func store(_ text: String, read: ReadID, changedAt: Timestamp, selection: Config.Selection, app: String?, owner: OwnerID) {
        let now = monotonicSeconds()
        let isNewest = capture.newestStored[selection].map { read > $0 } ?? true
        let related = selection == .primary ? mergeablePrimary(text, now: now) : nil
        if related != nil && !isNewest {
            // An intermediate state of a PRIMARY drag that finished after a later state was stored.
            return logger.debug("skipped", metadata: meta(selection, ["reason": "superseded partial selection"]))
        }
        let replacing = isNewest ? related : nil
        let outcome: HistoryStore.Outcome
        do {
            outcome = try store.capture(
                text, source: selection == .primary ? .primary : .clipboard, sourceApp: app, at: changedAt,
                policy: config.duplicates, maxEntries: config.maxEntries, replacing: replacing, isNewest: isNewest)
        } catch {
            return logger.error("capture not stored: \(error)", metadata: meta(selection, ["bytes": "\(text.utf8.count)"]))
        }
        let bytes = text.utf8.count
        switch outcome {
        case let .inserted(id), let .moved(id):
            capture.loopGuards[selection, default: LoopGuard()].recordChanged()
            if isNewest {
                capture.newestStored[selection] = read
                capture.ownerEntries[selection] = (owner, id)
            }
            if selection == .primary {
                // Only an entry this PRIMARY capture created may be replaced by the next state of the
                // gesture; one that already existed (moved to the top: added, tagged, pinned) never is.
                capture.lastPrimary = if case .inserted = outcome { (id, text, now) } else { nil }
            }
            let verb = if case .moved = outcome { "moved to top" } else { replacing == nil ? "captured" : "replaced" }
            logger.info("\(verb)", metadata: meta(selection, ["id": "\(id)", "bytes": "\(bytes)", "app": "\(app ?? "-")"]))
            runHook(.capture, id: id, selection: selection, text: text, app: app)
        case let .unchanged(existing):
            if let existing { capture.ownerEntries[selection] = (owner, existing) }
            logger.debug("unchanged", metadata: meta(selection, ["bytes": "\(bytes)"]))
            if capture.loopGuards[selection, default: LoopGuard()].recordUnchanged(now: now) {
                logger.warning("owner re-sets the selection whenever it is read; pausing reads for 1 s", metadata: meta(selection, [:]))
            }
        }
    }

    /// The previous PRIMARY entry when `text` grew or shrank from it within 2 s (SPEC §4).
    private func mergeablePrimary(_ text: String, now: Double) -> Int64? {
        guard let last = capture.lastPrimary, now - last.at <= 2 else { return nil }
        let related = text.hasPrefix(last.text) || text.hasSuffix(last.text) || last.text.hasPrefix(text) || last.text.hasSuffix(text)
        return related ? last.id : nil
    }

    /// Logs a read that ended without text.
    public func conversionFailed(_ read: ReadID, selection: Config.Selection, reason: String, owner: OwnerID) {
        capture.reads[read] = nil
        logger.info("skipped", metadata: meta(selection, ["reason": "\(reason)", "owner": "\(owner)"]))
    }

    /// Notes that another client took a selection copypasta served.
    public func ownershipLost(selection: Config.Selection) {
        logger.debug("another client took \(selection.rawValue.uppercased())")
    }

    /// Keep-alive (SPEC §4): the owner of CLIPBOARD went away while its content
    /// is the newest entry, and nobody else owns it: serve that entry. The entry
    /// must have been captured from that very owner; a copy that was skipped (a
    /// password manager's) leaves nothing to keep alive.
    private func keepAlive(_ selection: Config.Selection, goneOwner: OwnerID?) {
        guard config.keepAlive, selection == .clipboard, let kept = capture.ownerEntries[selection], kept.owner == goneOwner,
              display.owner(of: selection) == nil, (try? store.newestID()) == kept.id,
              let text = try? store.text(id: kept.id)
        else { return }
        do {
            try display.own([selection], text: text)
            logger.info("keeping the clipboard alive after its owner closed", metadata: meta(selection, ["id": "\(kept.id)"]))
        } catch {
            logger.warning("could not keep the clipboard alive: \(error)")
        }
    }

    /// The next timer of the capture logic.
    var nextTimer: Double? {
        ([capture.primaryRecheckAt] + capture.loopGuards.values.map(\.suspendedUntil)).compactMap { $0 }.min()
    }

    /// Runs capture timers that are due: the PRIMARY gesture re-check and the end of a loop suspension.
    func expireTimers(now: Double) {
        if let at = capture.primaryRecheckAt, at <= now {
            capture.primaryRecheckAt = nil
            if let held = capture.heldPrimary {
                capture.heldPrimary = nil
                startReading(held)
            }
        }
        for selection in Array(capture.loopGuards.keys)
        where !capture.loopGuards[selection, default: LoopGuard()].isSuspended(now: now) {
            if let change = capture.deferred.removeValue(forKey: selection) { startReading(change) }
        }
    }

    /// Log metadata naming the selection.
    func meta(_ selection: Config.Selection, _ extra: Logger.Metadata) -> Logger.Metadata {
        extra.merging(["selection": "\(selection.rawValue)"]) { $1 }
    }
}
