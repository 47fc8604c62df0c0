import CSQLite
import Glibc

extension HistoryStore {
    /// Runs `body` in a write transaction and, when it purged removed texts, checkpoints the
    /// WAL afterwards so that no old page image of them stays in the -wal file.
    func writing<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        checkpointDue = false
        let value = try database.transaction(body)
        if checkpointDue { finishWrite() }
        return value
    }

    /// `writing` for a body that throws errors of its own (a caller's confirmation).
    func writingRethrowing<T>(_ body: () throws -> T) throws -> T {
        checkpointDue = false
        let value = try database.transactionRethrowing(body)
        if checkpointDue { finishWrite() }
        return value
    }

    /// After a commit that purged: unlinks the payload folders of removed entries (retention
    /// inside a capture, say) and empties the WAL. A folder that cannot go now stays listed for
    /// the next sweep, so the committed write is never reported as failed for it.
    private func finishWrite() {
        _ = try? sweepReleasedPayloads()
        truncateLog()
    }

    /// Rewrites the full-text index without the words of removed entries. Must run inside a
    /// transaction; their rows are already overwritten by secure_delete.
    ///
    /// SQLite 3.40's FTS5 keeps a removed entry's words in the old index segments until those
    /// are merged; only 'optimize' (one merge of every segment) drops them. It costs about
    /// the size of the index (see BENCHMARKS.md).
    ///
    /// The digest of the last captured text goes too once no entry has that text: a SHA-256 of a
    /// removed text confirms a guess of it (and gives a short one away).
    func purge() throws(StoreError) {
        try database.execute("INSERT INTO entry_fts (entry_fts) VALUES ('optimize')")
        try forgetRemovedFingerprint()
        try setState("unpurged", 0)
        checkpointDue = true
    }

    /// Drops the digest of the last captured text once no entry has that text.
    func forgetRemovedFingerprint() throws(StoreError) {
        try database.execute(
            """
            DELETE FROM state WHERE key = 'last_fingerprint' AND NOT EXISTS (SELECT 1 FROM entry
                WHERE substr(fingerprint, 1, 8) = substr(state.value, 1, 8) AND fingerprint = state.value)
            """)
    }

    /// Counts entries removed by retention or a PRIMARY merge and purges once they reach 1 %
    /// of `maxEntries` (at least one): a purge per capture would cost a full index rewrite
    /// per capture. Must run inside a transaction.
    func noteRemoved(_ count: Int, maxEntries: Int) throws(StoreError) {
        guard count > 0 else { return }
        let unpurged = (try database.scalarInt("SELECT value FROM state WHERE key = 'unpurged'") ?? 0) + Int64(count)
        if unpurged >= Int64(max(1, maxEntries / 100)) {
            try purge()
        } else {
            try setState("unpurged", unpurged)
        }
    }

    /// Copies the WAL into the database and truncates it to zero bytes. A reader that holds an
    /// old snapshot longer than the busy timeout leaves it for the next checkpoint.
    func truncateLog() {
        checkpointDue = false
        _ = sqlite3_wal_checkpoint_v2(database.handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
    }

    /// What a command does between two steps of a `PurgeJob`: a 2 ms pause, in which a daemon
    /// waiting for the lock (it looks every millisecond, `BusyWait`) takes it and stores its copy.
    public static func yieldToOtherWriters() {
        var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
        _ = nanosleep(&pause, nil)
    }
}
