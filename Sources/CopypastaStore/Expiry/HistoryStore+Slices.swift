import CSQLite
import CSystem
import CopypastaCore
import Glibc

extension HistoryStore {
    /// Deletes for good, in one transaction, at most `limit` of the entries `removal` selects;
    /// returns how many. Their rows are overwritten at once (secure_delete); their words leave the
    /// full-text index only when the job's merges are done (`PurgeJob`).
    func removeSlice(_ removal: Removal, limit: Int) throws(StoreError) -> Int {
        try database.transaction { () throws(StoreError) in
            let (filter, values) = removal.filter
            let ids = try database.with("SELECT id FROM entry WHERE \(filter) LIMIT ?", values + [Int64(limit)]) {
                row throws(StoreError) in
                var ids: [Int64] = []
                while try row.step() { ids.append(row.int(0)) }
                return ids
            }
            return try remove(ids, everywhere: removal.deletesEverywhere)
        }
    }

    /// Deletes the entries `ids` for good in one transaction; returns how many existed.
    func removeSlice(ids: ArraySlice<Int64>) throws(StoreError) -> Int {
        try database.transaction { () throws(StoreError) in try remove(Array(ids), everywhere: true) }
    }

    /// Deletes `ids` through one statement whatever their number (a JSON array read by
    /// json_each), and counts them as removed but not yet purged, so that a job cut short (the
    /// daemon stopped) is finished by the next purge. `everywhere`: shared entries leave a
    /// tombstone that deletes them on the other machines too.
    private func remove(_ ids: [Int64], everywhere: Bool) throws(StoreError) -> Int {
        guard !ids.isEmpty else { return 0 }
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        if everywhere { try tombstoneBeforeDelete(where: "id IN (SELECT value FROM json_each(?))", [list]) }
        try database.run("DELETE FROM entry WHERE id IN (SELECT value FROM json_each(?))", list)
        let removed = database.changes
        try database.run("UPDATE state SET value = value + ? WHERE key = 'unpurged'", Int64(removed))
        return removed
    }

    /// How many removed entries still wait for their words to leave the full-text index.
    func unpurgedCount() throws(StoreError) -> Int {
        Int(try database.scalarInt("SELECT value FROM state WHERE key = 'unpurged'") ?? 0)
    }

    /// One slice of the index rewrite that drops removed entries' words: FTS5 merges about
    /// `pages` pages of its segments. Returns true once nothing was left to merge (one segment,
    /// written without the removed entries, as 'optimize' leaves it).
    ///
    /// A negative 'merge' puts every segment on one level and merges any two or more, so repeated
    /// slices end with a single segment even when captures add small ones meanwhile; SQLite's
    /// change counter grows by less than 2 when a merge found nothing to do.
    func mergeIndexSlice(pages: Int) throws(StoreError) -> Bool {
        try database.transaction { () throws(StoreError) in
            let before = sqlite3_total_changes64(database.handle)
            try database.execute("INSERT INTO entry_fts (entry_fts, rank) VALUES ('merge', -\(pages))")
            return sqlite3_total_changes64(database.handle) - before < 2
        }
    }

    /// Gives at most `pages` free pages back to the file system (`PRAGMA incremental_vacuum`,
    /// its own short transaction); returns true once none are left, or when the database keeps
    /// its free pages (made before auto_vacuum was set, `Database.configure`).
    ///
    /// secure_delete has already overwritten the freed pages; this makes the file shrink, at the
    /// next checkpoint, by what a purge or an expiry removed.
    func vacuumSlice(pages: Int) throws(StoreError) -> Bool {
        guard try database.scalarInt("PRAGMA auto_vacuum") == Self.incrementalVacuum else { return true }
        try database.execute("PRAGMA incremental_vacuum(\(pages))")
        return try database.scalarInt("PRAGMA freelist_count") == 0
    }

    /// `PRAGMA auto_vacuum`'s value for INCREMENTAL.
    static let incrementalVacuum: Int64 = 2

    /// Rewrites the whole full-text index in one transaction ('optimize'), for a merge that
    /// other writes kept from ending in slices (`PurgeJob.mergeStepLimit`).
    func optimizeIndex() throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try database.execute("INSERT INTO entry_fts (entry_fts) VALUES ('optimize')")
        }
    }

    /// Ends a purge: forgets the digest of a removed last text, clears the unpurged count,
    /// empties the WAL of old page images and gives SQLite's and the allocator's spare memory
    /// back, so that a process that ran a big job returns to its idle size.
    func finishPurge() throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try forgetRemovedFingerprint()
            try setState("unpurged", 0)
        }
        // Most of the WAL is copied back first without the write lock (PASSIVE), so that the
        // TRUNCATE checkpoint, which holds it, has only the last pages to copy.
        _ = sqlite3_wal_checkpoint_v2(database.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        truncateLog()
        releaseMemory()
    }

    /// Returns the page cache and other memory SQLite can spare, and the C heap's free pages,
    /// to the system.
    public func releaseMemory() {
        sqlite3_db_release_memory(database.handle)
        malloc_trim(0)
    }
}
