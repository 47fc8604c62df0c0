extension Schema {
    /// The full-text index is written by the store (`HistoryStore.indexText`), not by a trigger
    /// on `entry_text` (issue 19).
    ///
    /// FTS5 writes its pending terms out as a new segment at every statement savepoint of the
    /// transaction, and every statement with a trigger opens one (SQLite 3.40). Indexed by a
    /// trigger on `entry_text`, each text of an import became a segment of its own, merged again
    /// and again: three quarters of the import's work in SQLite (BENCHMARKS.md, "Import and size,
    /// third pass"). Now an import stores the rows of a transaction first and indexes their
    /// texts after them (`Importer`), so the terms wait in memory until the commit. The delete
    /// trigger stays: it removes exactly what the store indexed (the first `indexedCharacters`).
    static let indexedByStore = Migration(
        name: "texts indexed by the store, not by a trigger",
        sql: "DROP TRIGGER entry_text_indexed;")
}
