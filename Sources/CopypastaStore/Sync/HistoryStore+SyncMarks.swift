import CopypastaCore

/// How local changes reach the sync queue (docs/DESIGN.md §14.4).
///
/// Every local change of an entry that may leave this machine (not `sync_local`) takes a fresh
/// clock for the register it changed and marks the entry queued (`sync_state` 1): always while
/// sync is on, and while it is off for an entry that already takes part in sync (queued, written,
/// received or failed), so that the change goes out once sync is on again. An entry stored while
/// sync was off stays local until it changes with sync on. Removing an entry that had left this
/// machine (it has a gid and a state other than local) writes a tombstone; retention and max-age
/// are local housekeeping and write none. Changes applied from other machines never come here.
extension HistoryStore {
    /// The state value of each stage of an entry or tombstone in the queue.
    enum SyncStage {
        static let local: Int64 = 0
        static let queued: Int64 = 1
        static let written: Int64 = 2
        static let received: Int64 = 3
        static let failed: Int64 = 4
    }

    /// A clock value for a local change, above every clock this machine issued or received.
    /// Must run inside a transaction (it persists the new value).
    func nextClock() throws(StoreError) -> Int64 {
        if var range = clockRange {
            range.issued += 1
            clockRange = range
            return range.issued
        }
        let last = try database.scalarInt("SELECT value FROM state WHERE key = 'sync-hlc'") ?? 0
        let clock = HybridClock.next(last: last, wallMilliseconds: wallClock())
        try setState("sync-hlc", clock)
        return clock
    }

    /// Whether sync is switched on (`sync on`).
    func isSyncEnabled() throws(StoreError) -> Bool {
        if let range = clockRange { return range.syncEnabled }
        return try database.scalarInt("SELECT value FROM state WHERE key = 'sync-enabled'") == 1
    }

    /// The sync state of an entry stored now: queued while sync is on, unless it must stay here.
    func initialSyncState(local: Bool) throws(StoreError) -> Int64 {
        if local { return SyncStage.local }
        return try isSyncEnabled() ? SyncStage.queued : SyncStage.local
    }

    /// Takes a fresh clock for `registers` of the entries `filter` selects (SQL over `entry`,
    /// its `?` bound to `values`) and queues them. Must run inside a transaction, before a change
    /// that would make `filter` select other rows.
    func touchSync(_ registers: [SyncRegister], where filter: String, _ values: [(any SQLValue)?]) throws(StoreError) {
        let clock = try nextClock()
        let enabled = try isSyncEnabled()
        // A register may hold a clock from a machine whose clock runs ahead: the change takes a
        // clock above it, or it would lose on every other machine while it shows here.
        let clocks = registers.map { "\($0.rawValue) = max(?, \($0.rawValue) + 1)" }.joined(separator: ", ")
        try database.with(
            "UPDATE entry SET \(clocks), sync_state = iif(? OR sync_state != \(SyncStage.local), \(SyncStage.queued), \(SyncStage.local)) WHERE sync_local = 0 AND (\(filter))",
            Array(repeating: clock, count: registers.count) + [enabled] + values
        ) { statement throws(StoreError) in try statement.run() }
    }

    /// `touchSync` of one entry.
    func touchSync(_ registers: [SyncRegister], id: Int64) throws(StoreError) {
        try touchSync(registers, where: "id = ?", [id])
    }

    /// Writes a queued tombstone "deleted for good" for each entry (in the history or the trash)
    /// that `filter` selects and that has left this machine, before the caller deletes them for
    /// good: the other machines delete their copy for good too, trash included. An entry in the
    /// trash already carries a plain tombstone; this one, with a later clock, replaces it.
    func tombstoneBeforeDelete(where filter: String, _ values: [(any SQLValue)?]) throws(StoreError) {
        let clock = try nextClock()
        try database.with(
            """
            INSERT INTO sync_tombstone (gid, at, sync_state, sync_seq, purge)
                SELECT gid, max(?, exists_at + 1), \(SyncStage.queued), 0, 1 FROM entry WHERE gid IS NOT NULL AND sync_state != \(SyncStage.local) AND sync_local = 0
                    AND (\(filter))
                ON CONFLICT (gid) DO UPDATE SET at = excluded.at, sync_state = \(SyncStage.queued), sync_seq = 0, purge = 1
                    WHERE excluded.at > sync_tombstone.at
            """, [clock] + values
        ) { statement throws(StoreError) in try statement.run() }
    }

    /// Queues the history stored before this machine joined a synced history (`sync init`, `sync
    /// join`), oldest first so that other machines show it in the same order; secure, local-only,
    /// trashed entries and those `excluded` (text, application) says must stay are left local.
    /// Returns how many were queued.
    public func shareHistory(excluded: (String, String?) -> Bool) throws(StoreError) -> Int {
        try writing { () throws(StoreError) in
            let rows = try database.with(
                """
                SELECT e.id, x.text, e.source_app FROM entry e JOIN entry_text x ON x.id = e.id
                    WHERE e.sync_state = \(SyncStage.local) AND e.sync_local = 0 AND e.secure = 0 AND e.trashed_at IS NULL ORDER BY e.seq
                """
            ) { statement throws(StoreError) in
                var rows: [(id: Int64, text: String, app: String?)] = []
                while try statement.step() { rows.append((statement.int(0), statement.text(1) ?? "", statement.text(2))) }
                return rows
            }
            var shared = 0
            for row in rows where !excluded(row.text, row.app) {
                try touchSync([.exists], id: row.id)
                shared += 1
            }
            return shared
        }
    }

    /// Keeps entry `id` on this machine from now on (`copypasta local ID`): it is never written
    /// into the sync folder again, and when it had already left, a tombstone tells the other
    /// machines to drop it (it stays here).
    public func setLocalOnly(id: Int64) throws(StoreError) {
        try writing { () throws(StoreError) in
            try requireExisting([id])
            try makeLocalInTransaction(id: id)
        }
    }

    /// `setLocalOnly` inside a running transaction (a secure entry becomes local too).
    func makeLocalInTransaction(id: Int64) throws(StoreError) {
        let clock = try nextClock()
        try database.run(
            """
            INSERT INTO sync_tombstone (gid, at, sync_state, sync_seq, purge)
                SELECT gid, max(?, exists_at + 1), \(SyncStage.queued), 0, 1 FROM entry
                    WHERE id = ? AND gid IS NOT NULL AND sync_state != \(SyncStage.local) AND sync_local = 0
                ON CONFLICT (gid) DO UPDATE SET at = excluded.at, sync_state = \(SyncStage.queued), sync_seq = 0, purge = 1
                    WHERE excluded.at > sync_tombstone.at
            """, clock, id)
        try database.run("UPDATE entry SET sync_local = 1, sync_state = \(SyncStage.local) WHERE id = ?", id)
    }
}
