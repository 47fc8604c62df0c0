import CopypastaCore

/// What `HistoryStore.vacuum` did.
public struct VacuumOutcome: Sendable, Equatable {
    /// Whether the database was switched from `auto_vacuum = NONE` to INCREMENTAL (a `VACUUM`);
    /// false when it had it already and only its free pages went back.
    public var switched: Bool
    /// The database file's size before and after, in bytes (pages times page size).
    public var bytesBefore: Int
    /// The size after, in bytes.
    public var bytesAfter: Int
}

extension HistoryStore {
    /// Makes the database give freed space back from now on and gives back what is free now
    /// (`copypasta vacuum`, docs/DESIGN.md §7).
    ///
    /// A database made before issue 19 has `auto_vacuum = NONE`, which only a `VACUUM` can
    /// change: it rewrites the whole file in one transaction under the write lock (the daemon
    /// keeps its copies in memory meanwhile and stores them after) and needs the database's size
    /// again on disk for the WAL. So it runs only when asked. A database that is INCREMENTAL
    /// already gives its free pages back in short transactions, as a purge does.
    public func vacuum() throws(StoreError) -> VacuumOutcome {
        let before = try fileBytes()
        let switched = try database.scalarInt("PRAGMA auto_vacuum") != Self.incrementalVacuum
        if switched {
            try database.execute("PRAGMA auto_vacuum = INCREMENTAL; VACUUM")
        } else {
            try giveFreePagesBack()
        }
        truncateLog()
        return VacuumOutcome(switched: switched, bytesBefore: before, bytesAfter: try fileBytes())
    }

    /// Gives every free page back to the file system (an INCREMENTAL database; others keep
    /// them) in slices sized as a purge's (`PurgeJob`), with the pause in which a waiting daemon
    /// writes between two of them.
    func giveFreePagesBack() throws(StoreError) {
        var pages = SliceBudget.freePages
        var start = monotonicSeconds()
        while try !vacuumSlice(pages: pages.amount) {
            pages.adjust(elapsed: monotonicSeconds() - start)
            Self.yieldToOtherWriters()
            start = monotonicSeconds()
        }
    }

    /// The database's size in bytes, as SQLite counts it (the WAL aside).
    private func fileBytes() throws(StoreError) -> Int {
        let pages = try database.scalarInt("PRAGMA page_count") ?? 0
        return Int(pages * (try database.scalarInt("PRAGMA page_size") ?? 0))
    }
}
