extension Schema {
    /// The writers count the entries they insert, not a trigger (issue 19).
    ///
    /// A statement with a trigger opens a statement journal: SQLite copies every page the
    /// statement first changes (the leaves of the entry table and of its ten indexes) so that it
    /// can undo the statement alone. With the counting trigger on every entry insert, that was
    /// 12 % of an import's time (BENCHMARKS.md, "Import, fourth pass"). Now `insert`
    /// adds to the counts itself, and an import adds the entries of a transaction once, before
    /// retention reads them (`Importer`). Deleting, trashing, restoring and pinning keep their
    /// triggers: they are not on an import's path.
    static let countedByWriters = Migration(
        name: "entries counted by the writers, not by a trigger",
        sql: "DROP TRIGGER entry_counted;")
}
