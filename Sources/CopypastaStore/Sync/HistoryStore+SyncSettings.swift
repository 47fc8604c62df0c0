import CopypastaCore

/// The sync switches, sequence numbers, peers and activity log (docs/DESIGN.md §14.4).
extension HistoryStore {
    /// The persisted sync switches.
    public func syncSettings() throws(StoreError) -> SyncSettings {
        let setupAt = try database.scalarInt("SELECT value FROM state WHERE key = 'sync-setup-at'")
        return SyncSettings(
            enabled: try isSyncEnabled(),
            paused: try database.scalarInt("SELECT value FROM state WHERE key = 'sync-paused'") == 1,
            setupAt: setupAt.map(Timestamp.init(microseconds:)))
    }

    /// `sync on` / `sync off`. Entries stored while off stay local.
    public func setSync(enabled: Bool) throws(StoreError) {
        try database.transaction { () throws(StoreError) in try setState("sync-enabled", enabled ? 1 : 0) }
    }

    /// What stopped this machine's writes because another machine writes as this device (a copy
    /// of `device.key`); nil when nothing did. Kept across restarts, so the two machines do not
    /// take turns overwriting each other's files; `sync on` clears it once the copy has its own
    /// identity.
    public func identityClash() throws(StoreError) -> String? {
        try database.scalarText("SELECT value FROM state WHERE key = 'sync-identity-clash'")
    }

    /// Records (or, with nil, clears) what `identityClash` returns.
    public func setIdentityClash(_ message: String?) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            if let message {
                try setState("sync-identity-clash", message)
            } else {
                try database.run("DELETE FROM state WHERE key = 'sync-identity-clash'")
            }
        }
    }

    /// `sync pause` / `sync resume`.
    public func setSync(paused: Bool) throws(StoreError) {
        try database.transaction { () throws(StoreError) in try setState("sync-paused", paused ? 1 : 0) }
    }

    /// Records that this machine was set up for sync at `time`.
    public func recordSyncSetup(at time: Timestamp) throws(StoreError) {
        try database.transaction { () throws(StoreError) in try setState("sync-setup-at", time.microseconds) }
    }

    /// The sequence number of our next segment or pack: above every one written before and above
    /// `atLeast` (the highest found in our directory, so that a database restored from a backup
    /// never writes a seq that exists already). Not taken until `recordSyncSeqWritten`: a write
    /// that fails leaves no gap, which would hold back every peer's acknowledgement.
    public func nextSyncSeq(atLeast: Int64) throws(StoreError) -> Int64 {
        max(try database.scalarInt("SELECT value FROM state WHERE key = 'sync-seq'") ?? 0, atLeast) + 1
    }

    /// Records that our file `seq` was written. With `device`, it also records where that
    /// device's files begin: its first file, or `pack`, which replaced every earlier one.
    public func recordSyncSeqWritten(_ seq: Int64, device: String? = nil, pack: Bool = false) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            let last = try database.scalarInt("SELECT value FROM state WHERE key = 'sync-seq'") ?? 0
            try setState("sync-seq", max(last, seq))
            guard let device else { return }
            let first = try syncFilesFrom(device: device) == nil
            if pack || first { try setState("sync-files-from", "\(device) \(seq)") }
        }
    }

    /// The seq from which every file of `device` written so far must still be in the folder:
    /// its first file or its last pack; nil before `device` wrote anything.
    public func syncFilesFrom(device: String) throws(StoreError) -> Int64? {
        let value = try database.scalarText("SELECT value FROM state WHERE key = 'sync-files-from'")
        guard let fields = value?.split(separator: " "), fields.count == 2, fields[0] == device else { return nil }
        return Int64(fields[1])
    }

    /// Adds a device or updates its name, key and approval (it is no longer removed).
    public func upsertPeer(device: String, name: String?, publicKey: [UInt8]?, approved: Bool) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try database.run(
                """
                INSERT INTO sync_peer (device, name, public_key, approved) VALUES (?, ?, ?, ?)
                ON CONFLICT (device) DO UPDATE SET name = coalesce(excluded.name, name),
                    public_key = coalesce(excluded.public_key, public_key), approved = excluded.approved, removed = 0
                """, device, name, publicKey, approved)
        }
    }

    /// Marks a device removed: it no longer counts for `synced`.
    public func removePeer(device: String) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try database.run("UPDATE sync_peer SET removed = 1 WHERE device = ?", device)
        }
    }

    /// Every known device, by name.
    public func syncPeers() throws(StoreError) -> [SyncPeer] {
        try database.with("SELECT * FROM sync_peer ORDER BY name, device") { row throws(StoreError) in
            let device = try row.column("device"), name = try row.column("name"), key = try row.column("public_key")
            let approved = try row.column("approved"), removed = try row.column("removed")
            let received = try row.column("last_received_at"), acked = try row.column("last_ack_at")
            let ackedSeq = try row.column("acked_seq"), receivedSeq = try row.column("received_seq")
            let ackSent = try row.column("ack_sent")
            var peers: [SyncPeer] = []
            while try row.step() {
                peers.append(
                    SyncPeer(
                        device: row.text(device) ?? "", name: row.text(name), publicKey: row.blob(key),
                        approved: row.int(approved) != 0, removed: row.int(removed) != 0,
                        lastReceivedAt: row.optionalInt(received).map(Timestamp.init(microseconds:)),
                        lastAckAt: row.optionalInt(acked).map(Timestamp.init(microseconds:)), ackedSeq: row.int(ackedSeq),
                        receivedSeq: row.int(receivedSeq), ackSent: row.int(ackSent)))
            }
            return peers
        }
    }

    /// How many log lines `logSync` keeps.
    public static let syncLogLimit: Int64 = 1000

    /// Appends a line to the activity log, keeping the last `syncLogLimit`.
    public func logSync(level: String, device: String?, code: String, detail: String, at time: Timestamp = .now())
        throws(StoreError)
    {
        try database.transaction { () throws(StoreError) in
            try appendLog(level: level, device: device, code: code, detail: detail, at: time)
        }
    }

    /// `logSync` inside a running transaction.
    func appendLog(level: String, device: String?, code: String, detail: String, at time: Timestamp) throws(StoreError) {
        try database.run(
            "INSERT INTO sync_log (at, level, device, code, detail) VALUES (?, ?, ?, ?, ?)", time.microseconds, level, device,
            code, detail)
        try database.run("DELETE FROM sync_log WHERE id <= ?", database.lastInsertRowID - Self.syncLogLimit)
    }

    /// The newest `limit` lines of the activity log, oldest first.
    public func syncLogEntries(limit: Int) throws(StoreError) -> [SyncLogEntry] {
        try database.with("SELECT * FROM (SELECT * FROM sync_log ORDER BY id DESC LIMIT ?) ORDER BY id", [limit]) {
            row throws(StoreError) in
            let id = try row.column("id"), at = try row.column("at"), level = try row.column("level")
            let device = try row.column("device"), code = try row.column("code"), detail = try row.column("detail")
            var entries: [SyncLogEntry] = []
            while try row.step() {
                entries.append(
                    SyncLogEntry(
                        id: row.int(id), at: Timestamp(microseconds: row.int(at)), level: row.text(level) ?? "",
                        device: row.text(device), code: row.text(code) ?? "", detail: row.text(detail) ?? ""))
            }
            return entries
        }
    }

    /// How many entries of the history are in each sync state (`status`, `sync status`). Only
    /// the entries that may leave this machine and have a state are counted, through the
    /// `entry_sync_counts` index; the local ones are the rest of the live entries, whose number the
    /// state table keeps, and the state of a counted row is the one `list` shows (`syncStateSQL`).
    /// Deriving the state of every row instead read the whole table (60 ms at 100,000 entries); a
    /// history of 90,000 shared entries still costs about 50 ms, evaluating the state per row.
    public func syncCounts() throws(StoreError) -> [SyncState: Int] {
        let sql = """
            SELECT \(Self.syncStateSQL("e")) AS sync, count(*) AS n
            FROM entry e WHERE e.trashed_at IS NULL AND e.sync_local = 0 AND e.sync_state > \(SyncStage.local) GROUP BY 1
            """
        var counts = try database.with(sql) { row throws(StoreError) in
            let sync = try row.column("sync"), count = try row.column("n")
            var counts: [SyncState: Int] = [:]
            while try row.step() {
                if let state = row.text(sync).flatMap(SyncState.init(rawValue:)) { counts[state] = Int(row.int(count)) }
            }
            return counts
        }
        counts[.local] = max(0, try self.counts().entries - counts.values.reduce(0, +))
        return counts
    }

    /// The lowest sequence number every approved, not removed device acknowledged (NULL when
    /// there is none): an uncorrelated subquery, which SQLite evaluates once per statement.
    private static let lowestAckSQL = "(SELECT min(acked_seq) FROM sync_peer WHERE approved != 0 AND removed = 0)"

    /// The SQL expression of an entry's derived sync state (`local`, `pending`, `synced`,
    /// `failed`) for the entry row named `alias`. A written entry is synced once every approved,
    /// not removed device acknowledged its segment.
    static func syncStateSQL(_ alias: String) -> String {
        """
        CASE WHEN \(alias).sync_local != 0 OR \(alias).sync_state = \(SyncStage.local) THEN 'local'
            WHEN \(alias).sync_state = \(SyncStage.failed) THEN 'failed'
            WHEN \(alias).sync_state = \(SyncStage.received) THEN 'synced'
            WHEN \(alias).sync_state = \(SyncStage.written) AND \(alias).sync_seq <= \(lowestAckSQL) THEN 'synced'
            ELSE 'pending' END
        """
    }
}

/// The persisted sync switches (docs/DESIGN.md §14.4): they live in the database, so `sync off`
/// and `sync pause` hold across daemon restarts and work without a daemon.
public struct SyncSettings: Sendable, Equatable {
    /// `sync on`: entries are queued, written and imported.
    public var enabled: Bool
    /// `sync pause`: entries are still queued, but nothing is written or imported.
    public var paused: Bool
    /// When `sync setup` (or `sync init`/`join`) recorded that this machine was set up.
    public var setupAt: Timestamp?

    /// Settings with the given values.
    public init(enabled: Bool, paused: Bool, setupAt: Timestamp?) {
        self.enabled = enabled
        self.paused = paused
        self.setupAt = setupAt
    }

    /// Whether this machine takes part in sync at all: listings show the sync column from then on.
    public var isSetUp: Bool { enabled || setupAt != nil }
}
