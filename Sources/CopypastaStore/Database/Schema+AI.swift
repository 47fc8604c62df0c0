extension Schema {
    /// The AI assistant's results (copypasta(1) ai, docs/DESIGN.md "AI assistance"): one row per
    /// entry with the summary, its key points and the suggested tags (each list one item per
    /// line: the cleaning keeps line breaks out of an item), the model id and the time of the
    /// latest run. The row goes when the entry goes. The summary's searchable copy is a body row
    /// of its own (`setBody`), so search needs nothing from this table.
    static let aiResults = Migration(
        name: "ai results",
        sql: """
            CREATE TABLE entry_ai (
                entry_id INTEGER PRIMARY KEY,
                summary TEXT,
                key_points TEXT NOT NULL DEFAULT '',
                tags TEXT NOT NULL DEFAULT '',
                model TEXT NOT NULL,
                at INTEGER NOT NULL
            );
            CREATE TRIGGER entry_ai_removed AFTER DELETE ON entry BEGIN
                DELETE FROM entry_ai WHERE entry_id = old.id;
            END;
            """)
}
