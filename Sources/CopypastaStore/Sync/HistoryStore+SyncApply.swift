import CopypastaCore

/// The incoming side of sync: applying the records of another device's file (docs/DESIGN.md §14.3).
///
/// One file is applied in one transaction, and only once: (device, seq, kind, digest) is kept in
/// sync_file. Every register merges last-writer-wins with the local entry of the same gid, so
/// files can arrive in any order and twice. Nothing applied here is queued again (no echo),
/// and nothing touches a selection: remote entries are history.
extension HistoryStore {
    /// Applies the records of `device`'s file `seq` of `kind` (digest `sha`) addressed to this
    /// device `me`. `gid` hashes a text with the history key (local entries without a gid get
    /// one first, so a text copied on both machines is one entry). Entries new here go on top in
    /// the order of their clocks; retention (`maxEntries`, 0 = none) runs afterwards.
    public func applyRemote(
        _ records: [SyncRecord], from device: String, seq: Int64, kind: SyncFileKind, sha: [UInt8], me: String,
        gid: (String) -> String, now: Timestamp, maxEntries: Int = 0
    ) throws(StoreError) -> RemoteApplyOutcome {
        let outcome = try writing { () throws(StoreError) in
            if try database.scalarInt(
                "SELECT 1 FROM sync_file WHERE device = ? AND seq = ? AND kind = ? AND sha = ?", device, seq, kind.rawValue, sha)
                != nil
            {
                var outcome = RemoteApplyOutcome()
                outcome.alreadyApplied = true
                return outcome
            }
            let outcome = try applyRecords(records, from: device, me: me, gid: gid, now: now, maxEntries: maxEntries)
            try recordFile(device: device, seq: seq, kind: kind, sha: sha, heldEntries: outcome.heldEntries, now: now)
            return outcome
        }
        // A payload the records replaced or took off (an extracted copy, a detached file) goes now.
        try sweepReleasedPayloads()
        return outcome
    }

    /// Applies one slice of a large file's records in a transaction of its own, without recording
    /// the file: the daemon applies a peer's pack of 100,000 records a slice per turn of its loop,
    /// so capture goes on between slices, then calls `recordRemoteFile`. Applying a slice twice
    /// (the daemon stopped before the file was recorded) changes nothing: every register merges
    /// last-writer-wins.
    public func applyRemoteSlice(
        _ records: [SyncRecord], from device: String, me: String, gid: (String) -> String, now: Timestamp, maxEntries: Int = 0
    ) throws(StoreError) -> RemoteApplyOutcome {
        let outcome = try writing { () throws(StoreError) in
            try applyRecords(records, from: device, me: me, gid: gid, now: now, maxEntries: maxEntries)
        }
        try sweepReleasedPayloads()
        return outcome
    }

    /// Remembers `device`'s file `seq` of `kind` as applied, after its last slice.
    public func recordRemoteFile(
        device: String, seq: Int64, kind: SyncFileKind, sha: [UInt8], heldEntries: Bool, now: Timestamp
    ) throws(StoreError) {
        try writing { () throws(StoreError) in
            try recordFile(device: device, seq: seq, kind: kind, sha: sha, heldEntries: heldEntries, now: now)
        }
    }

    /// The records' effect, inside the caller's transaction: clocks, merges, new entries on top in
    /// the order of their clocks, retention, purges and acknowledgements.
    private func applyRecords(
        _ records: [SyncRecord], from device: String, me: String, gid: (String) -> String, now: Timestamp, maxEntries: Int
    ) throws(StoreError) -> RemoteApplyOutcome {
        var outcome = RemoteApplyOutcome()
        try backfillGids(gid)
        let entries = records.compactMap { record -> SyncEntryRecord? in
            if case let .entry(entry) = record { entry } else { nil }
        }
        outcome.heldEntries = !entries.isEmpty
        outcome.clockTooFarAhead = try receiveClocks(entries, from: device, now: now)
        var fresh: [String: SyncEntryRecord] = [:]
        for record in entries { try merge(record, now: now, outcome: &outcome, fresh: &fresh) }
        for record in fresh.values.sorted(by: { ($0.existsAt, $0.gid) < ($1.existsAt, $1.gid) }) {
            let id = try insertRemote(record, now: now)
            outcome.inserted += 1
            // Only a copy from another machine's CLIPBOARD may become ours (`sync-clipboard`).
            if let id, record.source == EntrySource.clipboard.rawValue,
                let captured = record.capturedAt.flatMap(Timestamp.parseISO8601)
            {
                outcome.arrival = RemoteArrival(id: id, capturedAt: captured)
            }
        }
        if outcome.inserted > 0 { try applyRetention(maxEntries: maxEntries) }
        // One rewrite of the full-text index for every entry deleted for good (see `purge`).
        if outcome.purged > 0 { try purge() }
        outcome.acks = try takeAcks(records, from: device, me: me, now: now)
        return outcome
    }

    /// Whether `device`'s file `seq` of `kind` was applied: a listing skips it without reading it.
    public func isImported(device: String, seq: Int64, kind: SyncFileKind) throws(StoreError) -> Bool {
        try database.scalarInt("SELECT 1 FROM sync_file WHERE device = ? AND seq = ? AND kind = ?", device, seq, kind.rawValue)
            != nil
    }

    /// Gives every plain entry without a gid its gid, so that remote records find it.
    private func backfillGids(_ gid: (String) -> String) throws(StoreError) {
        let missing = try database.with(
            "SELECT e.id, x.text FROM entry e JOIN entry_text x ON x.id = e.id WHERE e.gid IS NULL AND e.secure = 0"
        ) { statement throws(StoreError) in
            var rows: [(Int64, String)] = []
            while try statement.step() { rows.append((statement.int(0), statement.text(1) ?? "")) }
            return rows
        }
        for (id, text) in missing { try database.run("UPDATE entry SET gid = ? WHERE id = ?", gid(text), id) }
    }

    /// Moves our clock past the newest clock received; returns true (and logs) when a clock was
    /// more than five minutes ahead of ours and so was applied without moving ours.
    private func receiveClocks(_ entries: [SyncEntryRecord], from device: String, now: Timestamp) throws(StoreError) -> Bool {
        guard let newest = entries.flatMap({ entry in SyncRegister.allCases.map { entry[keyPath: $0.clock] } }).max() else {
            return false
        }
        let last = try database.scalarInt("SELECT value FROM state WHERE key = 'sync-hlc'") ?? 0
        let (clock, tooFarAhead) = HybridClock.received(last: last, remote: newest, wallMilliseconds: wallClock())
        try setState("sync-hlc", clock)
        if tooFarAhead {
            try appendLog(
                level: "warning", device: device, code: "clock-ahead",
                detail:
                    "a record is dated \(HybridClock.timestamp(of: newest).iso8601), more than 5 minutes ahead of this machine's clock",
                at: now)
        }
        return tooFarAhead
    }

    /// Merges one record into the local entry of its gid, or sets it aside as new (`fresh`).
    private func merge(
        _ record: SyncEntryRecord, now: Timestamp, outcome: inout RemoteApplyOutcome, fresh: inout [String: SyncEntryRecord]
    ) throws(StoreError) {
        let local = try database.with(
            "SELECT \(SyncRow.columns) FROM entry e WHERE e.gid = ? ORDER BY e.seq DESC LIMIT 1", [record.gid]
        ) { statement throws(StoreError) in try SyncRow.read(statement).first }
        guard let local else {
            try setAsideNew(record, fresh: &fresh)
            return
        }
        // A local-only entry is this machine's own business, whatever others do with the same text.
        guard !local.local else { return }
        let merged = record.merged(into: local.record)
        let changed = try applyRegisters(merged, to: local, now: now)
        if changed.deleted { outcome.deleted += 1 } else if changed.any { outcome.updated += 1 }
        if changed.purged {
            outcome.purged += 1
            return
        }
        // The remote record won every register: this entry is now as received. An entry that
        // never took part (stored while sync was off) is now shared, as received.
        if Self.sameRegisters(merged, record) || local.stage == SyncStage.local {
            try database.run("UPDATE entry SET sync_state = \(SyncStage.received) WHERE id = ?", local.id)
        }
    }

    /// A record for a gid with no local entry: a tombstone is kept; an entry is inserted unless a
    /// newer tombstone of ours says it was deleted here.
    private func setAsideNew(_ record: SyncEntryRecord, fresh: inout [String: SyncEntryRecord]) throws(StoreError) {
        let tombstone = try database.scalarInt("SELECT at FROM sync_tombstone WHERE gid = ?", record.gid)
        if !record.exists {
            try database.run(
                """
                INSERT INTO sync_tombstone (gid, at, sync_state, purge) VALUES (?, ?, \(SyncStage.received), ?)
                ON CONFLICT (gid) DO UPDATE SET at = excluded.at, sync_state = \(SyncStage.received), purge = excluded.purge
                    WHERE excluded.at > sync_tombstone.at
                """, record.gid, record.existsAt, record.purge)
            return
        }
        // Equal clocks pick the larger value, and existing beats deleted.
        if let tombstone, tombstone > record.existsAt { return }
        // Evicted here by retention or max-age: only a later copy comes back.
        let forgotten = try database.scalarInt("SELECT at FROM sync_forgotten WHERE gid = ?", record.gid)
        if let forgotten, forgotten >= record.existsAt { return }
        guard record.text != nil else { return }
        fresh[record.gid] = record.merged(into: fresh[record.gid])
    }

    /// Whether two records have the same registers (the text aside: a tombstone lacks it).
    static func sameRegisters(_ a: SyncEntryRecord, _ b: SyncEntryRecord) -> Bool {
        var a = a, b = b
        a.text = nil
        b.text = nil
        return a == b
    }
}
