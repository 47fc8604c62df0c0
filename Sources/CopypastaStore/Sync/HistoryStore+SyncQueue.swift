import CopypastaCore

/// The outgoing side of sync: the queue of entries and tombstones to write, and acknowledgements
/// (docs/DESIGN.md §14.4). The queue is the database, so it survives restarts.
extension HistoryStore {
    /// Up to `limit` queued entries (oldest change first) and every queued tombstone, as records.
    /// A queued entry without a gid gets one from `gid` (the engine hashes the text with the
    /// history key). An entry in the trash goes out as a tombstone: no text.
    public func syncQueue(limit: Int, gid: (String) -> String) throws(StoreError) -> SyncBatch {
        try writing { () throws(StoreError) in
            let rows = try database.with(
                "SELECT \(SyncRow.columns) FROM entry e WHERE e.sync_state = \(SyncStage.queued) AND e.sync_local = 0 AND e.secure = 0 ORDER BY e.exists_at LIMIT ?",
                [limit]
            ) { statement throws(StoreError) in try SyncRow.read(statement) }
            var batch = SyncBatch(records: [], entries: [], tombstones: [])
            for var row in rows {
                if row.record.gid.isEmpty {
                    guard let text = row.record.text ?? row.fullText else { continue }
                    row.record.gid = gid(text)
                    try database.run("UPDATE entry SET gid = ? WHERE id = ?", row.record.gid, row.id)
                }
                batch.records.append(.entry(row.record))
                batch.entries.append((row.id, row.record))
            }
            try database.with("SELECT gid, at, purge FROM sync_tombstone WHERE sync_state = \(SyncStage.queued) ORDER BY at") {
                statement throws(StoreError) in
                while try statement.step() {
                    let gid = statement.text(0) ?? "", at = statement.int(1)
                    batch.records.append(.entry(Self.tombstone(gid, at: at, purge: statement.int(2) != 0)))
                    batch.tombstones.append((gid, at))
                }
            }
            return batch
        }
    }

    /// Marks what `batch` carried as written in our segment `seq`; a row changed since
    /// `syncQueue` (another clock) stays queued.
    public func markWritten(_ batch: SyncBatch, seq: Int64) throws(StoreError) {
        try settle(batch, stage: SyncStage.written, seq: seq)
    }

    /// Marks what `batch` carried as failed (every retry of the write failed); `retrySync` queues it again.
    public func markFailed(_ batch: SyncBatch) throws(StoreError) {
        try settle(batch, stage: SyncStage.failed, seq: nil)
    }

    /// Moves what `batch` carried to `stage`: an entry only while every register's clock is the
    /// one it was read with (`SyncRegister.allCases`), so a change made since stays queued.
    private func settle(_ batch: SyncBatch, stage: Int64, seq: Int64?) throws(StoreError) {
        let unchanged = SyncRegister.allCases.map { "\($0.settledClock) = ?" }.joined(separator: " AND ")
        let sql =
            "UPDATE entry SET sync_state = ?, sync_seq = coalesce(?, sync_seq) WHERE id = ? AND sync_state = \(SyncStage.queued) AND \(unchanged)"
        try database.transaction { () throws(StoreError) in
            for (id, record) in batch.entries {
                let clocks: [(any SQLValue)?] = SyncRegister.allCases.map { record[keyPath: $0.clock] }
                try database.with(sql, [stage, seq, id] + clocks) { statement throws(StoreError) in try statement.run() }
            }
            for (gid, at) in batch.tombstones {
                try database.run(
                    "UPDATE sync_tombstone SET sync_state = ?, sync_seq = coalesce(?, sync_seq) WHERE gid = ? AND at = ? AND sync_state = \(SyncStage.queued)",
                    stage, seq, gid, at)
            }
        }
    }

    /// Queues failed entries and tombstones again: entry `id`, or all with nil; returns how many.
    public func retrySync(id: Int64?) throws(StoreError) -> Int {
        try database.transaction { () throws(StoreError) in
            if let id {
                try requireExisting([id])
                try database.run(
                    "UPDATE entry SET sync_state = \(SyncStage.queued) WHERE id = ? AND sync_state = \(SyncStage.failed)", id)
                return database.changes
            }
            try database.run("UPDATE entry SET sync_state = \(SyncStage.queued) WHERE sync_state = \(SyncStage.failed)")
            let entries = database.changes
            try database.run("UPDATE sync_tombstone SET sync_state = \(SyncStage.queued) WHERE sync_state = \(SyncStage.failed)")
            return entries + database.changes
        }
    }

    /// The acknowledgements due: for each device whose contiguous run of imported files grew past
    /// what we acknowledged, when the new part held entry records. Ack-only files are never
    /// acknowledged, so two devices cannot acknowledge each other's acknowledgements forever.
    public func acksToSend() throws(StoreError) -> [AckRecord] {
        try database.with(
            """
            SELECT device, received_seq FROM sync_peer p WHERE received_seq > ack_sent AND removed = 0 AND EXISTS
                (SELECT 1 FROM sync_file f WHERE f.device = p.device AND f.entries != 0 AND f.seq > p.ack_sent AND f.seq <= p.received_seq)
            ORDER BY device
            """
        ) { statement throws(StoreError) in
            var acks: [AckRecord] = []
            while try statement.step() { acks.append(AckRecord(dev: statement.text(0) ?? "", seq: statement.int(1))) }
            return acks
        }
    }

    /// Records that `acks` were written.
    public func markAcksSent(_ acks: [AckRecord]) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            for ack in acks {
                try database.run("UPDATE sync_peer SET ack_sent = max(ack_sent, ?) WHERE device = ?", ack.seq, ack.dev)
            }
        }
    }

    /// The records of a pack (docs/DESIGN.md §14.6): the latest record of every entry this device
    /// wrote (written, queued or failed; not the ones received from others) that is still in the
    /// history, and every tombstone with a clock at or after `tombstonesSince`, an entry in the
    /// trash included: its deleting segment is among the files the pack replaces, so a peer that
    /// had not read it yet learns the deletion from the pack alone. Entries without a
    /// gid get one from `gid`. Read-only apart from those gids.
    public func syncPackRecords(tombstonesSince: Int64, gid: (String) -> String) throws(StoreError) -> [SyncRecord] {
        try writing { () throws(StoreError) in
            let rows = try database.with(
                "SELECT \(SyncRow.columns) FROM entry e WHERE e.sync_state IN (\(SyncStage.queued), \(SyncStage.written), \(SyncStage.failed)) AND e.sync_local = 0 AND e.secure = 0"
                    + " AND (e.trashed_at IS NULL OR e.exists_at >= ?) ORDER BY e.exists_at", [tombstonesSince]
            ) { statement throws(StoreError) in try SyncRow.read(statement) }
            var records: [SyncRecord] = []
            for var row in rows {
                if row.record.gid.isEmpty {
                    guard let text = row.record.text ?? row.fullText else { continue }
                    row.record.gid = gid(text)
                    try database.run("UPDATE entry SET gid = ? WHERE id = ?", row.record.gid, row.id)
                }
                records.append(.entry(row.record))
            }
            try database.with("SELECT gid, at, purge FROM sync_tombstone WHERE at >= ? ORDER BY at", [tombstonesSince]) {
                statement throws(StoreError) in
                while try statement.step() {
                    records.append(
                        .entry(Self.tombstone(statement.text(0) ?? "", at: statement.int(1), purge: statement.int(2) != 0)))
                }
            }
            return records
        }
    }

    /// The record of a tombstone.
    static func tombstone(_ gid: String, at: Int64, purge: Bool) -> SyncEntryRecord {
        var record = SyncEntryRecord(gid: gid, text: nil, exists: false, existsAt: at)
        record.purge = purge
        return record
    }
}
