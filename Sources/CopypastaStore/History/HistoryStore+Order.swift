extension HistoryStore {
    /// A position above every entry: where a capture, an add or a move to the top goes.
    /// Must run inside a transaction; the unique index on seq makes this a single look-up.
    ///
    /// A restore takes its position in the same sequence (`used_top` in the state table holds
    /// the last one), so that in the `used` order a copy made after a restore is above it.
    func seqAboveAll() throws(StoreError) -> Int64 {
        let stored = try database.scalarInt("SELECT max(seq) FROM entry") ?? 0
        let used = try database.scalarInt("SELECT value FROM state WHERE key = 'used_top'") ?? 0
        return max(stored, used) + 1
    }

    /// Gives entry `id` the position above every other in the `used` order, without moving it
    /// in the history's own order. Must run inside a transaction.
    func moveUp(usedID id: Int64) throws(StoreError) {
        let position = try seqAboveAll()
        try database.run("UPDATE entry SET used_seq = ? WHERE id = ?", position, id)
        try setState("used_top", position)
    }

    /// A position below every entry: where an imported record goes, so that imported history
    /// (from the past) never pushes what was stored before it out of the list or out of retention.
    func seqBelowAll() throws(StoreError) -> Int64 {
        (try database.scalarInt("SELECT min(seq) FROM entry") ?? 1) - 1
    }

    /// The position just below the newest entry, for a read that finished after a newer read
    /// of the same selection was stored: the newest entry moves up by one and the freed
    /// position is returned.
    func seqBelowNewest() throws(StoreError) -> Int64 {
        let newest = try database.with("SELECT id, seq FROM entry ORDER BY seq DESC LIMIT 1") { row throws(StoreError) in
            let id = try row.column("id"), seq = try row.column("seq")
            return try row.step() ? (id: row.int(id), seq: row.int(seq)) : nil
        }
        guard let newest else { return 1 }
        try database.run("UPDATE entry SET seq = ? WHERE id = ?", newest.seq + 1, newest.id)
        return newest.seq
    }

    /// Removes the oldest unpinned entries beyond `maxEntries` (0 = unlimited); returns how many.
    /// Library items (`libraryItem`) neither count nor go.
    ///
    /// The excess comes from the counts the state table keeps (entries in the history; the trash
    /// does not count) less the library items, and the rows go through the partial index of the
    /// history's unpinned entries, so the cost depends on how many rows go and how many library
    /// items there are, not on the history's size. An excess over `retentionInlineLimit` is
    /// left for a `retentionJob` (`retentionDue`).
    @discardableResult
    func applyRetention(maxEntries: Int) throws(StoreError) -> Int {
        let excess = try retentionExcess(maxEntries: maxEntries)
        guard excess > 0 else { return 0 }
        if let limit = retentionInlineLimit, excess > limit {
            retentionDue = true
            return 0
        }
        try database.run(
            """
            DELETE FROM entry WHERE id IN
                (SELECT id FROM entry INDEXED BY entry_history_by_seq
                 WHERE trashed_at IS NULL AND pinned = 0 AND NOT (\(Self.libraryItem)) ORDER BY seq LIMIT ?)
            """, excess)
        let removed = database.changes
        try noteRemoved(removed, maxEntries: maxEntries)
        return removed
    }

    /// A job that removes, in slices, the unpinned history entries beyond `maxEntries` (the
    /// oldest, as `applyRetention` does); nil when there are none. The last position to go is
    /// found on the partial index of those entries, counted from whichever end is nearer.
    public func retentionJob(maxEntries: Int) throws(StoreError) -> PurgeJob? {
        retentionDue = false
        let beyond = try retentionExcess(maxEntries: maxEntries)
        guard beyond > 0 else { return nil }
        let history = """
            FROM entry INDEXED BY entry_history_by_seq
            WHERE trashed_at IS NULL AND pinned = 0 AND NOT (\(Self.libraryItem))
            """
        let last =
            beyond <= maxEntries
            ? try database.scalarInt("SELECT seq \(history) ORDER BY seq LIMIT 1 OFFSET ?", Int64(beyond - 1))
            : try database.scalarInt("SELECT seq \(history) ORDER BY seq DESC LIMIT 1 OFFSET ?", Int64(maxEntries))
        return last.map { PurgeJob(store: self, removals: [.historyThrough(seq: $0)]) }
    }

    /// How many unpinned history entries are beyond `maxEntries` (0 = unlimited: none).
    private func retentionExcess(maxEntries: Int) throws(StoreError) -> Int {
        guard maxEntries > 0 else { return 0 }
        let (entries, pinned) = try counts()
        guard entries - pinned > maxEntries else { return 0 }
        let library = Int(
            try database.scalarInt(
                """
                SELECT count(*) FROM entry INDEXED BY entry_library_by_seq
                WHERE trashed_at IS NULL AND pinned = 0 AND \(Self.libraryItem)
                """) ?? 0)
        return entries - pinned - library - maxEntries
    }

    /// The SQL condition on `entry` of a library item: a link or a document that the user added
    /// or imported from bookmarks. A link copied to the clipboard stays history.
    static let libraryItem = "kind != 'text' AND source IN ('manual', 'bookmarks')"
}
