extension Schema {
    /// The library's payloads (issue 20, docs/DESIGN.md "The library"): what an entry carries
    /// besides its text.
    ///
    /// - `entry_link`: the URL of a link item (or of any item, `attach --url`) and its archive:
    ///   status (`ArchiveStatus`), the reason of a failure, the archive's folder under `links/`,
    ///   the page's metadata and the attempts so far. A partial index holds the pending links only,
    ///   so the archive worker finds its queue without reading the others.
    /// - `entry_file`: the file an item carries, copied to `documents/<folder>/<name>`.
    /// - `entry_body`: searchable text that is not the entry's own (an article's readable text,
    ///   a document's extracted text, an AI summary), one row per source, indexed by `body_fts`.
    /// - `payload_release`: payload folders (`links/<uuid>`, `documents/<uuid>`) whose rows are
    ///   gone, written by triggers in the transaction that removed them. The files are unlinked
    ///   after the commit (`HistoryStore.sweepReleasedPayloads`); a crash in between leaves the
    ///   row, and the next sweep removes the folder. So SQLite decides, and the disk follows.
    ///
    /// An entry deleted for good takes its link, file and bodies with it (`entry_payload_removed`).
    static let libraryPayloads = Migration(
        name: "library payloads",
        sql: """
            CREATE TABLE entry_link (
                entry_id INTEGER PRIMARY KEY,
                url TEXT NOT NULL,
                archive TEXT NOT NULL DEFAULT 'none',
                reason TEXT,
                folder TEXT,
                page_title TEXT,
                author TEXT,
                published TEXT,
                archived_at INTEGER,
                attempts INTEGER NOT NULL DEFAULT 0,
                title TEXT
            );
            CREATE INDEX entry_link_pending ON entry_link (entry_id) WHERE archive = 'pending';
            CREATE TABLE entry_file (
                entry_id INTEGER PRIMARY KEY,
                folder TEXT NOT NULL,
                name TEXT NOT NULL,
                size INTEGER NOT NULL,
                digest BLOB NOT NULL
            );
            CREATE TABLE entry_body (
                entry_id INTEGER NOT NULL,
                source TEXT NOT NULL,
                text TEXT NOT NULL,
                PRIMARY KEY (entry_id, source)
            );
            CREATE VIRTUAL TABLE body_fts USING fts5 (
                text, content = 'entry_body', content_rowid = 'rowid',
                tokenize = 'unicode61 remove_diacritics 2'
            );
            CREATE TRIGGER entry_body_indexed AFTER INSERT ON entry_body BEGIN
                INSERT INTO body_fts (rowid, text) VALUES (new.rowid, substr(new.text, 1, \(indexedCharacters)));
            END;
            CREATE TRIGGER entry_body_unindexed AFTER DELETE ON entry_body BEGIN
                INSERT INTO body_fts (body_fts, rowid, text) VALUES ('delete', old.rowid, substr(old.text, 1, \(indexedCharacters)));
            END;
            CREATE TRIGGER entry_body_reindexed AFTER UPDATE OF text ON entry_body BEGIN
                INSERT INTO body_fts (body_fts, rowid, text) VALUES ('delete', old.rowid, substr(old.text, 1, \(indexedCharacters)));
                INSERT INTO body_fts (rowid, text) VALUES (new.rowid, substr(new.text, 1, \(indexedCharacters)));
            END;
            CREATE TABLE payload_release (
                path TEXT PRIMARY KEY
            ) WITHOUT ROWID;
            CREATE TRIGGER entry_link_released AFTER DELETE ON entry_link WHEN old.folder IS NOT NULL BEGIN
                INSERT OR IGNORE INTO payload_release (path) VALUES ('links/' || old.folder);
            END;
            CREATE TRIGGER entry_link_refoldered AFTER UPDATE OF folder ON entry_link
                WHEN old.folder IS NOT NULL AND old.folder IS NOT new.folder BEGIN
                INSERT OR IGNORE INTO payload_release (path) VALUES ('links/' || old.folder);
            END;
            CREATE TRIGGER entry_file_released AFTER DELETE ON entry_file BEGIN
                INSERT OR IGNORE INTO payload_release (path) VALUES ('documents/' || old.folder);
            END;
            CREATE TRIGGER entry_file_refoldered AFTER UPDATE OF folder ON entry_file WHEN old.folder IS NOT new.folder BEGIN
                INSERT OR IGNORE INTO payload_release (path) VALUES ('documents/' || old.folder);
            END;
            CREATE TRIGGER entry_payload_removed AFTER DELETE ON entry BEGIN
                DELETE FROM entry_link WHERE entry_id = old.id;
                DELETE FROM entry_file WHERE entry_id = old.id;
                DELETE FROM entry_body WHERE entry_id = old.id;
            END;
            """)

    /// Library items (a link or a document the user added or imported: `HistoryStore.libraryItem`)
    /// are the user's library, not clipboard history: max-entries neither counts nor trims them,
    /// so a thousand copies never delete a saved document or an imported bookmark (docs/DESIGN.md
    /// §17). Retention walks `entry_history_by_seq`, which leaves them out, so its cost stays the
    /// rows it removes; the few library items are counted through `entry_library_by_seq`, which
    /// is also where `ai-auto` finds its candidates without reading the history. The
    /// (pinned, seq) index the walk used before goes: nothing else reads it.
    static let libraryKept = Migration(
        name: "library items are kept out of max-entries",
        sql: """
            DROP INDEX entry_live_pinned_by_seq;
            CREATE INDEX entry_history_by_seq ON entry (seq)
                WHERE trashed_at IS NULL AND pinned = 0 AND NOT (\(HistoryStore.libraryItem));
            CREATE INDEX entry_library_by_seq ON entry (pinned, seq)
                WHERE trashed_at IS NULL AND \(HistoryStore.libraryItem);
            """)
}
