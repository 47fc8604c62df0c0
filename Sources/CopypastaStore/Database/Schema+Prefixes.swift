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

    /// The entries that are not plain text (links and documents, captured or kept), by kind and
    /// position (issue 21): `kind:link` and `kind:document` walk this index instead of the whole
    /// history (`EntrySelection.chunk`), so a kind that few entries have, or none, answers at
    /// once rather than after reading a million rows. It holds only those entries.
    static let kindsBySeq = Migration(
        name: "an index of the entries that are not plain text",
        sql: "CREATE INDEX entry_kinds_by_seq ON entry (kind, seq) WHERE kind != 'text';")
}
