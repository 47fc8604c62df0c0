extension HistoryStore {
    /// Adds the text just stored in `entry_text` as `id` to the full-text index: its first
    /// `Schema.indexedCharacters`, as the delete trigger removes them. A statement of its own and
    /// not a trigger, so the terms stay in FTS5's memory until the commit (`Schema.indexedByStore`).
    func indexText(_ text: String, id: Int64) throws(StoreError) {
        let sql = "INSERT INTO entry_fts (rowid, text) VALUES (?, substr(?, 1, \(Schema.indexedCharacters)))"
        try database.with(sql, [id]) { statement throws(StoreError) in
            try statement.withBorrowedText(text, at: 2) { () throws(StoreError) in try statement.run() }
        }
    }
}
