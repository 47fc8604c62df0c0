/// The database schema as named, append-only migrations, versioned by `PRAGMA user_version`.
///
/// Migration N brings a database from user_version N-1 to N inside one
/// transaction. Never edit a released migration: append a new one.
enum Schema {
    /// One named migration step.
    struct Migration {
        let name: String
        let sql: String
    }

    /// How much of each text the full-text index holds. Indexing a 20 MiB paste whole would
    /// cost FTS5 about 50 MB of memory at capture; words past the first million characters of
    /// a text are not found by search (list, show and copy still have the whole text).
    static let indexedCharacters = 1 << 20

    /// Every migration in order; the schema version is their count.
    static let migrations: [Migration] = [
        Migration(
            name: "create entries, texts, tags, state and full-text index",
            sql: """
                CREATE TABLE entry (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    fingerprint BLOB NOT NULL,
                    captured_at INTEGER NOT NULL,
                    source TEXT NOT NULL,
                    source_app TEXT,
                    bytes INTEGER NOT NULL,
                    preview TEXT NOT NULL,
                    pinned INTEGER NOT NULL DEFAULT 0,
                    use_count INTEGER NOT NULL DEFAULT 0,
                    last_used_at INTEGER
                );
                CREATE INDEX entry_by_time ON entry (captured_at DESC, id DESC);
                CREATE INDEX entry_by_fingerprint ON entry (fingerprint);
                CREATE INDEX entry_pinned_by_time ON entry (pinned, captured_at DESC, id DESC);
                CREATE TABLE entry_text (
                    id INTEGER PRIMARY KEY,
                    text TEXT NOT NULL
                );
                CREATE TABLE tag (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE COLLATE NOCASE
                );
                CREATE TABLE entry_tag (
                    entry_id INTEGER NOT NULL,
                    tag_id INTEGER NOT NULL,
                    PRIMARY KEY (entry_id, tag_id)
                ) WITHOUT ROWID;
                CREATE INDEX entry_tag_by_tag ON entry_tag (tag_id, entry_id);
                CREATE TABLE state (
                    key TEXT PRIMARY KEY,
                    value
                ) WITHOUT ROWID;
                CREATE VIRTUAL TABLE entry_fts USING fts5 (
                    text, content = 'entry_text', content_rowid = 'id',
                    tokenize = 'unicode61 remove_diacritics 2'
                );
                CREATE TRIGGER entry_text_indexed AFTER INSERT ON entry_text BEGIN
                    INSERT INTO entry_fts (rowid, text) VALUES (new.id, substr(new.text, 1, \(indexedCharacters)));
                END;
                CREATE TRIGGER entry_text_unindexed AFTER DELETE ON entry_text BEGIN
                    INSERT INTO entry_fts (entry_fts, rowid, text) VALUES ('delete', old.id, substr(old.text, 1, \(indexedCharacters)));
                END;
                CREATE TRIGGER entry_removed AFTER DELETE ON entry BEGIN
                    DELETE FROM entry_text WHERE id = old.id;
                    DELETE FROM entry_tag WHERE entry_id = old.id;
                    UPDATE state SET value = value - 1 WHERE key = 'entries';
                    UPDATE state SET value = value - old.pinned WHERE key = 'pinned';
                END;
                CREATE TRIGGER entry_counted AFTER INSERT ON entry BEGIN
                    UPDATE state SET value = value + 1 WHERE key = 'entries';
                    UPDATE state SET value = value + new.pinned WHERE key = 'pinned';
                END;
                CREATE TRIGGER entry_pin_counted AFTER UPDATE OF pinned ON entry WHEN new.pinned != old.pinned BEGIN
                    UPDATE state SET value = value + new.pinned - old.pinned WHERE key = 'pinned';
                END;
                INSERT INTO state (key, value) VALUES ('entries', 0), ('pinned', 0);
                """),
        // History is ordered by when copypasta stored an entry, not by its capturedAt (an import
        // may carry any date): `seq` is that order. Old rows are numbered in their former
        // (captured_at, id) order. The (pinned, seq) index lets retention find the oldest unpinned
        // rows without scanning the ones it keeps.
        Migration(
            name: "order entries by when they were stored",
            sql: """
                ALTER TABLE entry ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
                UPDATE entry SET seq = ranked.position
                    FROM (SELECT id, row_number() OVER (ORDER BY captured_at, id) AS position FROM entry) AS ranked
                    WHERE entry.id = ranked.id;
                CREATE UNIQUE INDEX entry_by_seq ON entry (seq);
                CREATE INDEX entry_pinned_by_seq ON entry (pinned, seq);
                DROP INDEX entry_pinned_by_time;
                INSERT INTO state (key, value) VALUES ('unpurged', 0);
                """),
        // A search ranks every hit by (bm25, seq) before it reads the rows it shows; this index
        // gives it seq without reading each hit's whole row (EntrySelection).
        Migration(
            name: "find the storage order of an entry from its id",
            sql: """
                CREATE INDEX entry_seq_by_id ON entry (id, seq);
                """),
        // The trash and links (issue 11). A trashed entry keeps its row, text, tags and pin, with
        // the time it was trashed in trashed_at; the `entries` and `pinned` counts hold entries in
        // the history only (retention counts those), `trashed` the others. The triggers that keep
        // the counts are replaced to know the difference. `kind` is decided by EntryKind when a
        // text is stored; old rows get the same rule written in SQL.
        Migration(
            name: "trash, trash counts and link kind",
            sql: """
                ALTER TABLE entry ADD COLUMN trashed_at INTEGER;
                ALTER TABLE entry ADD COLUMN kind TEXT NOT NULL DEFAULT 'text';
                UPDATE entry SET kind = 'link' WHERE id IN (
                    SELECT id FROM (SELECT id, lower(trim(text, ' ' || char(9, 10, 13))) AS t FROM entry_text WHERE length(text) <= 8192)
                    WHERE instr(t, ' ') = 0 AND instr(t, char(9)) = 0 AND instr(t, char(10)) = 0 AND instr(t, char(13)) = 0
                        AND (t GLOB 'http://?*' OR t GLOB 'https://?*' OR t GLOB 'ftp://?*' OR t GLOB 'file:/*' OR t GLOB 'mailto:*@*'));
                DROP TRIGGER entry_removed;
                CREATE TRIGGER entry_removed AFTER DELETE ON entry BEGIN
                    DELETE FROM entry_text WHERE id = old.id;
                    DELETE FROM entry_tag WHERE entry_id = old.id;
                    UPDATE state SET value = value - (old.trashed_at IS NULL) WHERE key = 'entries';
                    UPDATE state SET value = value - old.pinned * (old.trashed_at IS NULL) WHERE key = 'pinned';
                    UPDATE state SET value = value - (old.trashed_at IS NOT NULL) WHERE key = 'trashed';
                END;
                DROP TRIGGER entry_pin_counted;
                CREATE TRIGGER entry_pin_counted AFTER UPDATE OF pinned ON entry
                    WHEN new.pinned != old.pinned AND new.trashed_at IS NULL BEGIN
                    UPDATE state SET value = value + new.pinned - old.pinned WHERE key = 'pinned';
                END;
                CREATE TRIGGER entry_trash_counted AFTER UPDATE OF trashed_at ON entry
                    WHEN (old.trashed_at IS NULL) != (new.trashed_at IS NULL) BEGIN
                    UPDATE state SET value = value + iif(new.trashed_at IS NULL, 1, -1) WHERE key = 'entries';
                    UPDATE state SET value = value + iif(new.trashed_at IS NULL, 1, -1) * new.pinned WHERE key = 'pinned';
                    UPDATE state SET value = value + iif(new.trashed_at IS NULL, -1, 1) WHERE key = 'trashed';
                END;
                INSERT INTO state (key, value) VALUES ('trashed', 0);
                DROP INDEX entry_pinned_by_seq;
                CREATE INDEX entry_live_pinned_by_seq ON entry (pinned, seq) WHERE trashed_at IS NULL;
                CREATE INDEX entry_by_trashed_at ON entry (trashed_at) WHERE trashed_at IS NOT NULL;
                DROP INDEX entry_seq_by_id;
                CREATE INDEX entry_seq_trashed_by_id ON entry (id, seq, trashed_at);
                """),
        // Named entries (snippets, issue 12). A title is unique without regard to case; most
        // entries have none, so the index holds only the named ones and listing every snippet
        // reads that small index, not the history.
        Migration(
            name: "snippet titles",
            sql: """
                ALTER TABLE entry ADD COLUMN title TEXT;
                CREATE UNIQUE INDEX entry_by_title ON entry (title COLLATE NOCASE) WHERE title IS NOT NULL;
                """),
        // Secure entries (issue 12). Their text is not in entry_text (so neither in the full-text
        // index) but sealed in entry_secret; the key's Argon2id parameters and a sealed check
        // value are state rows written when the first entry is made secure.
        Migration(
            name: "secure entries sealed with a passphrase",
            sql: """
                ALTER TABLE entry ADD COLUMN secure INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE entry_secret (
                    id INTEGER PRIMARY KEY,
                    sealed BLOB NOT NULL
                );
                CREATE TRIGGER entry_secret_removed AFTER DELETE ON entry WHEN old.secure BEGIN
                    DELETE FROM entry_secret WHERE id = old.id;
                END;
                """),
        // Sync between machines (docs/DESIGN.md §14, issue 13). Each entry gets its identity
        // across machines (gid), its sync state (0 local, 1 queued, 2 written, 3 received, 4 failed),
        // whether it must never leave (sync_local), the segment that last carried it, and one hybrid
        // logical clock per register. A deleted entry that had left this machine leaves a tombstone
        // so that an old copy arriving late cannot bring it back; a trashed one carries its
        // tombstone in its row until it is purged, when the trigger moves it to sync_tombstone.
        // Retention and max-age evict shared entries here only; sync_forgotten remembers them
        // (never written) so that another device's next pack does not bring them back on top.
        Migration(
            name: "sync state, clocks, tombstones, peers, imported files and the activity log",
            sql: """
                ALTER TABLE entry ADD COLUMN gid TEXT;
                ALTER TABLE entry ADD COLUMN sync_state INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE entry ADD COLUMN sync_local INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE entry ADD COLUMN sync_seq INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE entry ADD COLUMN exists_at INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE entry ADD COLUMN pinned_at INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE entry ADD COLUMN title_at INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE entry ADD COLUMN tags_at INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX entry_by_gid ON entry (gid);
                CREATE INDEX entry_by_sync_state ON entry (sync_state) WHERE sync_state IN (1, 4);
                CREATE TABLE sync_tombstone (
                    gid TEXT PRIMARY KEY,
                    at INTEGER NOT NULL,
                    sync_state INTEGER NOT NULL DEFAULT 1,
                    sync_seq INTEGER NOT NULL DEFAULT 0
                ) WITHOUT ROWID;
                CREATE TABLE sync_peer (
                    device TEXT PRIMARY KEY,
                    name TEXT,
                    public_key BLOB,
                    approved INTEGER NOT NULL DEFAULT 0,
                    removed INTEGER NOT NULL DEFAULT 0,
                    last_received_at INTEGER,
                    last_ack_at INTEGER,
                    acked_seq INTEGER NOT NULL DEFAULT 0,
                    received_seq INTEGER NOT NULL DEFAULT 0,
                    ack_sent INTEGER NOT NULL DEFAULT 0
                ) WITHOUT ROWID;
                CREATE TABLE sync_file (
                    device TEXT NOT NULL,
                    seq INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    sha BLOB NOT NULL,
                    entries INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (device, seq, kind)
                ) WITHOUT ROWID;
                CREATE TABLE sync_log (
                    id INTEGER PRIMARY KEY,
                    at INTEGER NOT NULL,
                    level TEXT NOT NULL,
                    device TEXT,
                    code TEXT NOT NULL,
                    detail TEXT NOT NULL
                );
                CREATE TABLE sync_forgotten (
                    gid TEXT PRIMARY KEY,
                    at INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE TRIGGER entry_forgotten AFTER DELETE ON entry
                    WHEN old.trashed_at IS NULL AND old.gid IS NOT NULL AND old.sync_state != 0 AND old.sync_local = 0 BEGIN
                    INSERT INTO sync_forgotten (gid, at) VALUES (old.gid, old.exists_at)
                        ON CONFLICT (gid) DO UPDATE SET at = max(at, excluded.at);
                END;
                CREATE TRIGGER entry_tombstone_kept AFTER DELETE ON entry
                    WHEN old.trashed_at IS NOT NULL AND old.gid IS NOT NULL AND old.sync_state != 0 AND old.sync_local = 0 BEGIN
                    INSERT INTO sync_tombstone (gid, at, sync_state, sync_seq) VALUES (old.gid, old.exists_at, old.sync_state, old.sync_seq)
                        ON CONFLICT (gid) DO UPDATE SET at = excluded.at, sync_state = excluded.sync_state, sync_seq = excluded.sync_seq
                        WHERE excluded.at > sync_tombstone.at;
                END;
                """),
        // A tombstone of an entry deleted for good tells the other machines to delete it for good
        // too (docs/DESIGN.md §14.3).
        Migration(
            name: "tombstones say whether the entry was deleted for good",
            sql: "ALTER TABLE sync_tombstone ADD COLUMN purge INTEGER NOT NULL DEFAULT 0;"),
        // `status` counts the entries in each sync state from this index alone
        // (HistoryStore.syncCounts).
        Migration(
            name: "an index of the sync states for the counts",
            sql: """
                CREATE INDEX entry_sync_counts ON entry (sync_state, sync_seq) WHERE trashed_at IS NULL AND sync_local = 0;
                """),
        // Recently used on top (`order = used`): a restore gives the entry a position in the
        // same sequence as `seq` (HistoryStore.markUsed), so the listing key is the later of the
        // two. The index holds restored entries only (EntrySelection.pageByUse). Local to this
        // machine: no sync register carries it.
        Migration(
            name: "a position for the last restore",
            sql: """
                ALTER TABLE entry ADD COLUMN used_seq INTEGER;
                CREATE INDEX entry_by_use ON entry (used_seq) WHERE used_seq IS NOT NULL;
                """),
        // Snippets as files (issue 23): which entry each file of `snippet-dir` became, by its path
        // relative to the directory, with the file's stamp (size, change time, inode) when it was
        // read, so a reconcile reads only files that changed. An entry deleted for good drops its link.
        Migration(
            name: "snippet files",
            sql: """
                CREATE TABLE snippet_file (
                    path TEXT PRIMARY KEY,
                    entry_id INTEGER NOT NULL,
                    stamp TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX snippet_file_by_entry ON snippet_file (entry_id);
                CREATE TRIGGER snippet_file_unlinked AFTER DELETE ON entry BEGIN
                    DELETE FROM snippet_file WHERE entry_id = old.id;
                END;
                """),
        prefixIndexes,
        libraryPayloads,
        // Duplicates are found by the first 8 bytes of the fingerprint (issue 19), and the whole
        // digest is compared in the rows that share them (HistoryStore.fingerprintMatch). The
        // full 32-byte key made the index 45 bytes an entry and, being a hash, put every new row
        // on a leaf of its own: a commit of an import rewrote about one index page per record
        // (BENCHMARKS.md, "import speed"). At a million entries the rebuild reads the entry
        // table once and sorts 8 MB of keys: about a second.
        Migration(
            name: "find duplicates by a fingerprint prefix",
            sql: """
                DROP INDEX entry_by_fingerprint;
                CREATE INDEX entry_by_fingerprint_prefix ON entry (substr(fingerprint, 1, 8));
                """),
        aiResults,
        libraryKept,
        searchDrivers,
        payloadRegisters,
        tagWords,
        indexedByStore,
        countedByWriters,
        tagOrder,
    ]

    /// The schema version this build writes.
    static var version: Int { migrations.count }

    /// Brings `database` up to `version`, one transaction per migration.
    static func migrate(_ database: Database) throws(StoreError) {
        let current = Int(try database.scalarInt("PRAGMA user_version") ?? 0)
        guard current <= version else { throw StoreError.newerSchema(path: database.path, version: current) }
        for (index, migration) in migrations.enumerated() where index >= current {
            do {
                try database.transaction { () throws(StoreError) in
                    // Another process may have migrated since the version was read.
                    guard try database.scalarInt("PRAGMA user_version") == Int64(index) else { return }
                    try database.execute(migration.sql)
                    try database.execute("PRAGMA user_version = \(index + 1)")
                }
            } catch {
                // Which migration failed tells a bug report more than the statement alone.
                guard case var .sqlite(failure) = error, failure.kind == .statement else { throw error }
                failure.context = "migration \(index + 1) (\(migration.name))"
                throw .sqlite(failure)
            }
        }
    }
}
