extension Schema {
    /// The full-text index built again with prefix indexes of two and three characters (issue 21).
    ///
    /// Without them a prefix query (`pre*`) merges the whole doclist of every term it matches
    /// each time it runs, whatever rowid range it asks for, so the newest-first walk of a page
    /// (`HistoryStore.searchRecent`) paid for every hit of the prefix once per chunk. With them a
    /// short prefix has one doclist of its own, read like a word's; a longer prefix matches few
    /// terms. FTS5 fixes its options when the table is created, hence the rebuild: the texts are
    /// indexed again as the trigger of the first migration indexes them (their first
    /// `indexedCharacters`), so that the trigger's deletes still find every token. BENCHMARKS.md
    /// ("Keystroke to page") has the rebuild's time and size at a million entries.
    static let prefixIndexes = Migration(
        name: "prefix indexes in the full-text index",
        sql: """
            DROP TABLE entry_fts;
            CREATE VIRTUAL TABLE entry_fts USING fts5 (
                text, content = 'entry_text', content_rowid = 'id',
                tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
            );
            INSERT INTO entry_fts (rowid, text) SELECT id, substr(text, 1, \(indexedCharacters)) FROM entry_text;
            """)

    /// The indexes that let a filter few entries pass find them without reading the history
    /// (issue 21; `HistoryStore.drivingEntries`, `EntrySelection.chunk`): the entries that are not
    /// plain text by kind and position (`kind:link`, `kind:document`), the application of every
    /// entry (`app:`: the names are found by seeking from one to the next), and the entries added
    /// by hand, imported or from bookmarks (`source:`; captures, the bulk, are left out). Without
    /// them a kind, an application or a source that few entries have, or none, answered only
    /// after reading every row: up to 3.7 s at a million entries while typing `app:…` in the
    /// picker. The application's index is the one over every entry: about 17 MB at a million.
    static let searchDrivers = Migration(
        name: "indexes for filters that few entries pass",
        sql: """
            CREATE INDEX entry_kinds_by_seq ON entry (kind, seq) WHERE kind != 'text';
            CREATE INDEX entry_by_app ON entry (source_app);
            CREATE INDEX entry_added_by_source ON entry (source) WHERE source IN ('manual', 'import', 'bookmarks');
            """)

    /// Each tag's entries in the history's order (issue 21; `HistoryStore.drivingEntries`): the
    /// entry's position (`seq`) is kept beside each of its tags, by triggers, and indexed by tag,
    /// so `tag:work the` reads the tagged entries newest first from one index. Through the entry
    /// it was one look-up per tagged entry and a sort: 11 ms of CPU for a tag of 10,000 entries,
    /// a third of that `pick` at a million entries.
    static let tagOrder = Migration(
        name: "tagged entries in the history's order",
        sql: """
            ALTER TABLE entry_tag ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
            UPDATE entry_tag SET seq = (SELECT e.seq FROM entry e WHERE e.id = entry_tag.entry_id);
            CREATE INDEX entry_tag_by_seq ON entry_tag (tag_id, seq);
            CREATE TRIGGER entry_tag_seq_added AFTER INSERT ON entry_tag BEGIN
                UPDATE entry_tag SET seq = (SELECT e.seq FROM entry e WHERE e.id = new.entry_id)
                    WHERE entry_id = new.entry_id AND tag_id = new.tag_id;
            END;
            CREATE TRIGGER entry_tag_seq_moved AFTER UPDATE OF seq ON entry BEGIN
                UPDATE entry_tag SET seq = new.seq WHERE entry_id = new.id;
            END;
            """)
}
