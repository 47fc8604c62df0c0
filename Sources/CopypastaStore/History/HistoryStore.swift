// DESIGN
//
// The history store is the only user of SQLite (docs/DESIGN.md, section 7). Terms:
//   entry        one captured or added text and its metadata;
//   entry_text   the full text, kept out of `entry` so listings never read it;
//   preview      the first characters of the text, stored in `entry`;
//   fingerprint  SHA-256 of the UTF-8 text (CopypastaCore.Fingerprint);
//   state        key/value rows: `last_fingerprint`, `paused`, `last_capture_at`,
//                and the `entries` and `pinned` counts, kept by `insert` and by
//                triggers on delete, trash and pin so that status never counts rows.
//
// Rules (docs/DESIGN.md, section 5):
//   - A capture equal to `last_fingerprint` is never inserted again until a
//     different text is captured; the value is persisted, so this holds
//     across daemon restarts.
//   - History is ordered by `seq`, the order in which copypasta stored the
//     entries, never by capturedAt: a capture, an add or a move to the top
//     takes a seq above every other; an import goes below all of them, in the
//     file's order (HistoryStore+Order.swift).
//   - With duplicates = move, a text equal to an older entry moves that entry
//     to the top (capturedAt, source and source app updated; id, pin and tags kept).
//   - Retention runs in the same transaction as the insert: at most
//     max-entries unpinned entries survive, the oldest by seq go; pinned ones
//     are exempt. It reads the counts the state table keeps, so it costs the same
//     at any history size.
//   - Removed texts leave no trace: secure_delete overwrites their rows, an
//     FTS5 'optimize' rewrites the index without their words and a
//     TRUNCATE checkpoint empties the WAL of old page images
//     (HistoryStore+Purge.swift).
//   - Every write is one BEGIN IMMEDIATE transaction; it has committed to the
//     WAL before the caller reports the capture anywhere.
//   - entry_fts is an FTS5 index over entry_text, written by `insert` (a
//     statement, not a trigger: HistoryStore+Indexing.swift) and cleared by a
//     trigger on delete; deleting an entry deletes its text, tags and index
//     rows through the `entry_removed` trigger, so delete, clear and
//     retention all go through one path.
//
// Speaking SQLite plainly:
//   - An error keeps SQLite's own message and the start of the statement
//     (`Database.error`). SQL that SQLite refuses is copypasta's mistake: it
//     is a `SQLiteFailure` of kind `statement` (exit 70), never an "input/output error";
//     what the history refuses (no such entry…) is a `HistoryRefusal`, apart.
//   - Every bind is checked; rows are read by column name (`Statement.column`,
//     `EntryColumns`), never by position.
//   - List, search and pick select through one builder, `EntrySelection`.
//   - Relevance is `copypasta_bm25` (RankFunction.swift), bm25's exact score
//     computed with less work per hit, registered at the first ranked search.
import CopypastaCore

/// The clipboard history in one SQLite database file.
///
/// Not thread-safe: one instance belongs to one thread (the daemon's loop,
/// or a CLI command).
public final class HistoryStore {
    /// The result of storing a text.
    public enum Outcome: Equatable, Sendable {
        /// A new row was inserted.
        case inserted(Int64)
        /// An existing row with the same text was moved to the top.
        case moved(Int64)
        /// The text equals the last captured text and that entry is still in the history (not
        /// in the trash); nothing was written. Carries that entry.
        case unchanged(Int64?)

        /// The entry that holds the text afterwards, if any.
        public var id: Int64? {
            switch self {
            case let .inserted(id), let .moved(id): id
            case let .unchanged(existing): existing
            }
        }
    }

    /// The database file path.
    public let path: String
    /// The order of listings and of the recency of searches (`order`); the caller sets it from
    /// the configuration. Restores are recorded for the `used` order whatever it is.
    public var order = HistoryOrder.captured
    /// The connection; replaced when the file at `path` is no longer the one opened.
    private(set) var database: Database
    /// How long a write waits for another process's lock once the database is open, in ms.
    let busyTimeout: Int32
    /// Set when a purge rewrote data, so the transaction's commit is followed by a checkpoint.
    var checkpointDue = false
    /// The most entries retention removes inside a write; nil: every one beyond max-entries.
    /// The daemon sets it: max-entries lowered under a long history (or a large arrival) would
    /// make one capture delete the excess on the loop (4.6 s for 99,000 of 100,000 entries), so
    /// a larger excess is left to `retentionJob`, run in slices (docs/DESIGN.md §7).
    public var retentionInlineLimit: Int?
    /// Set when retention left an excess over `retentionInlineLimit` for a `retentionJob`.
    public var retentionDue = false
    /// The clocks a transaction takes from memory while it holds a range (`withClockRange`).
    var clockRange: ClockRange?
    /// The wall clock of sync's hybrid logical clock, in milliseconds; tests replace it to
    /// play machines whose clocks disagree.
    public var wallClock: () -> Int64 = { HybridClock.wallMilliseconds() }
    /// How long one regular-expression search may run, in seconds, before it fails with
    /// `regexDeadline` (`RegexFilter`); tests shorten it.
    public var regexSeconds = HistoryStore.defaultRegexSeconds
    /// The deadline of a regular-expression search unless `regexSeconds` is changed.
    public static let defaultRegexSeconds = 5.0
    /// Texts on which a regular expression gave up (PCRE2's match, depth or heap limit) in the
    /// searches of this store so far: they counted as not matching, which the command says.
    public internal(set) var regexGaveUp = 0
    /// Whether a search's regular expressions are compiled (`withRegexes`), so that the
    /// statements it runs inside do not compile them again.
    var regexesCompiled = false
    /// The newest chunks of the history that walks read, while the database is unchanged
    /// (`HistoryStore+Walk.swift`).
    var recentChunks = RecentChunks()

    /// Opens the database at `path`, creating and migrating it as needed.
    ///
    /// Opening waits up to several seconds for other processes that create or migrate the same
    /// file; afterwards a write waits at most `busyTimeout` milliseconds for a lock (the daemon
    /// passes a short one so its loop never stalls; commands keep the default).
    ///
    /// Without `create` (the commands that only read), a missing file is `noDatabase`: reading
    /// creates no database.
    public init(path: String, busyTimeout: Int32 = HistoryStore.defaultBusyTimeout, create: Bool = true) throws(StoreError) {
        self.path = path
        self.busyTimeout = busyTimeout
        database = try Self.openAndMigrate(path, busyTimeout: busyTimeout, create: create)
    }

    /// How long commands wait for another process's lock, in milliseconds.
    public static let defaultBusyTimeout: Int32 = 5000

    /// Opens and migrates, retrying while another process holds the file in a state that
    /// SQLite reports as busy without waiting (switching to WAL, recovering it).
    static func openAndMigrate(_ path: String, busyTimeout: Int32, create: Bool = true) throws(StoreError) -> Database {
        let deadline = monotonicSeconds() + Double(defaultBusyTimeout) / 1000
        while true {
            do throws(StoreError) {
                let database = try Database(path: path, create: create)
                try Schema.migrate(database)
                database.setBusyTimeout(busyTimeout)
                return database
            } catch let error where error.isBusy && monotonicSeconds() < deadline {
                Database.pause()
            }
        }
    }

    /// Changes how long a write waits for another process's lock, in milliseconds.
    public func setBusyTimeout(_ milliseconds: Int32) {
        database.setBusyTimeout(milliseconds)
    }

    /// Replaces the connection with one to the file now at `path` when the opened file was
    /// deleted or replaced (its data directory removed, say); returns true when it did.
    /// A write to the old file would be invisible to every reader.
    public func reopenIfReplaced() throws(StoreError) -> Bool {
        guard !database.isStillAtPath() else { return false }
        database = try Self.openAndMigrate(path, busyTimeout: busyTimeout)
        return true
    }

    /// The schema version this build writes.
    public static var schemaVersion: Int { Schema.version }

    /// Stores a text captured from a selection, honouring the persisted last fingerprint.
    ///
    /// `syncLocal` keeps the entry on this machine (secure, or excluded by a `sync-exclude-*` rule).
    /// `replacing` names an entry the new text supersedes (a PRIMARY selection
    /// that grew or shrank); it is deleted in the same transaction
    /// unless it is pinned. `isNewest` is false for a text whose read finished
    /// after a newer one was stored: it is kept, but it is not what the
    /// selection holds now, so it does not become the last fingerprint.
    public func capture(
        _ text: String, source: EntrySource, sourceApp: String?, at time: Timestamp,
        policy: DuplicatePolicy, maxEntries: Int, replacing: Int64? = nil, isNewest: Bool = true, syncLocal: Bool = false
    ) throws -> Outcome {
        let fingerprint = Fingerprint(of: text)
        return try writing { () throws(StoreError) in
            // Unchanged only while the history still shows that text: once the user deleted it (or
            // it expired), the same text copied again is a new copy and must be stored.
            if try lastFingerprint() == fingerprint, let existing = try newestEntry(with: fingerprint) {
                return .unchanged(existing)
            }
            if let replacing {
                // The user may have pinned or tagged the partial entry meanwhile: then it stays.
                let partial = "id = ? AND pinned = 0 AND NOT EXISTS (SELECT 1 FROM entry_tag WHERE entry_id = entry.id)"
                try tombstoneBeforeDelete(where: partial, [replacing])
                try database.run(
                    "DELETE FROM entry WHERE id = ? AND pinned = 0 AND NOT EXISTS (SELECT 1 FROM entry_tag WHERE entry_id = entry.id)",
                    replacing)
                try noteRemoved(database.changes, maxEntries: maxEntries)
            }
            if isNewest {
                try setState("last_fingerprint", fingerprint.bytes)
                try setState("last_capture_at", time.microseconds)
            }
            let new = NewEntry(
                text: text, fingerprint: fingerprint, source: source, sourceApp: sourceApp, capturedAt: time, syncLocal: syncLocal
            )
            return try insertOrMove(new, policy: policy, maxEntries: maxEntries, belowNewest: !isNewest)
        }
    }

    /// The fingerprint of the last captured or restored text, if any.
    public func lastFingerprint() throws(StoreError) -> Fingerprint? {
        try database.with("SELECT value FROM state WHERE key = 'last_fingerprint'") { row throws(StoreError) in
            let value = try row.column("value")
            return try row.step() ? row.blob(value).flatMap(Fingerprint.init(bytes:)) : nil
        }
    }

    /// Records a restore: bumps use count and last-used time, moves the entry to the top of the
    /// `used` order, and makes the entry's text the last fingerprint so that the restore is not
    /// captured again.
    public func markUsed(id: Int64, at time: Timestamp) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            let fingerprint = try database.with("SELECT fingerprint FROM entry WHERE id = ?", [id]) { row throws(StoreError) in
                let fingerprint = try row.column("fingerprint")
                return try row.step() ? row.blob(fingerprint) : nil
            }
            guard let fingerprint else { throw .noSuchEntry(id) }
            try database.run("UPDATE entry SET use_count = use_count + 1, last_used_at = ? WHERE id = ?", time.microseconds, id)
            try moveUp(usedID: id)
            try setState("last_fingerprint", fingerprint)
        }
    }

    /// Whether capturing is paused; persisted, so that a pause survives restarts of the daemon.
    public func isPaused() throws(StoreError) -> Bool {
        try database.scalarInt("SELECT value FROM state WHERE key = 'paused'") == 1
    }

    /// Pauses or resumes capturing.
    public func setPaused(_ paused: Bool) throws(StoreError) {
        try database.transaction { () throws(StoreError) in try setState("paused", paused ? 1 : 0) }
    }

    /// The id of the newest entry in the history (not in the trash), if any.
    public func newestID() throws(StoreError) -> Int64? {
        try database.scalarInt("SELECT id FROM entry WHERE trashed_at IS NULL ORDER BY seq DESC LIMIT 1")
    }

    /// When the daemon last captured a text, if ever.
    public func lastCaptureAt() throws(StoreError) -> Timestamp? {
        try database.scalarInt("SELECT value FROM state WHERE key = 'last_capture_at'").map(Timestamp.init(microseconds:))
    }

    /// Sets one row of the state table.
    func setState(_ key: String, _ value: any SQLValue) throws(StoreError) {
        try database.run(
            "INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value)
    }

    /// A text about to be stored, with its computed fingerprint.
    struct NewEntry {
        var text: String
        var fingerprint: Fingerprint
        var source: EntrySource
        var sourceApp: String?
        var capturedAt: Timestamp
        var pinned = false
        var useCount = 0
        var lastUsedAt: Timestamp?
        /// Never leaves this machine (`sync_local`).
        var syncLocal = false
        /// How the item started, when not decided from the text (`EntryKind.of`): a link added
        /// by `addLink`, a document.
        var kind: EntryKind?
    }

    /// Inserts `new` on top (or just below the newest entry with `belowNewest`), or with policy move
    /// moves the newest entry with the same fingerprint there, taking the new copy's time, source
    /// and source app. Must run inside a transaction.
    func insertOrMove(_ new: NewEntry, policy: DuplicatePolicy, maxEntries: Int, belowNewest: Bool = false) throws(StoreError)
        -> Outcome
    {
        let existing = policy == .move ? try newestEntry(with: new.fingerprint) : nil
        let seq = belowNewest ? try seqBelowNewest() : try seqAboveAll()
        if let existing {
            try touchSync([.exists], id: existing)
            try database.run(
                "UPDATE entry SET seq = ?, captured_at = ?, source = ?, source_app = ? WHERE id = ?",
                seq, new.capturedAt.microseconds, new.source.rawValue, new.sourceApp, existing)
            // A copy that must stay here (secure, excluded) takes the older entry out of sync too.
            if new.syncLocal { try makeLocalInTransaction(id: existing) }
            return .moved(existing)
        }
        let id = try insert(new, seq: seq)
        try applyRetention(maxEntries: maxEntries)
        return .inserted(id)
    }

    /// The condition "the row's fingerprint is the bound `?1`", written so that SQLite finds the
    /// rows through the index of the digest's first 8 bytes (`entry_by_fingerprint_prefix`,
    /// Schema) and compares the whole digest only in them.
    static let fingerprintMatch = "substr(fingerprint, 1, 8) = substr(?1, 1, 8) AND fingerprint = ?1"

    /// The newest entry in the history (not in the trash) whose text has `fingerprint`.
    func newestEntry(with fingerprint: Fingerprint) throws(StoreError) -> Int64? {
        // `+seq`: the rows come from the prefix index; sorting the few that match is cheaper
        // than walking the whole history backwards by seq to find one.
        try database.scalarInt(
            "SELECT id FROM entry WHERE \(Self.fingerprintMatch) AND trashed_at IS NULL ORDER BY +seq DESC LIMIT 1",
            fingerprint.bytes)
    }

    /// Whether the history (not the trash) holds a text with `fingerprint`: `newestEntry` without
    /// ordering the matches, for an import's look-up of every record.
    func holdsEntry(with fingerprint: Fingerprint) throws(StoreError) -> Bool {
        try database.scalarInt(Self.holdsEntrySQL, fingerprint.bytes) != nil
    }

    private static let holdsEntrySQL = "SELECT 1 FROM entry WHERE \(fingerprintMatch) AND trashed_at IS NULL LIMIT 1"

    /// Inserts the entry row at position `seq` and its text; returns the new id. Must run inside a transaction.
    ///
    /// Registers the entry does not set (no pin) keep clock 0, "never set": the same text pinned
    /// on another machine keeps its pin when this copy meets it.
    ///
    /// `indexNow` false leaves the full-text index to the caller, later in the same transaction
    /// (`indexText`, after its other writes: `Schema.indexedByStore` says why); `counted` false
    /// leaves the counts to the caller too (`addToCounts`, before anything reads them:
    /// `Schema.countedByWriters`).
    func insert(_ new: NewEntry, seq: Int64, indexNow: Bool = true, counted: Bool = true) throws(StoreError) -> Int64 {
        let clock = try nextClock()
        try database.run(
            """
            INSERT INTO entry (fingerprint, captured_at, source, source_app, bytes, preview, pinned, use_count, last_used_at, seq, kind,
                sync_state, sync_local, exists_at, pinned_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            new.fingerprint.bytes, new.capturedAt.microseconds, new.source.rawValue, new.sourceApp,
            new.text.utf8.count, Preview.storedPrefix(of: new.text), new.pinned, new.useCount,
            new.lastUsedAt?.microseconds, seq, (new.kind ?? EntryKind.of(new.text)).rawValue,
            try initialSyncState(local: new.syncLocal), new.syncLocal, clock, new.pinned ? clock : 0)
        let id = database.lastInsertRowID
        try database.with("INSERT INTO entry_text (id, text) VALUES (?, ?)", [id]) { statement throws(StoreError) in
            try statement.withBorrowedText(new.text, at: 2) { () throws(StoreError) in try statement.run() }
        }
        if counted { try addToCounts(entries: 1, pinned: new.pinned ? 1 : 0) }
        if indexNow { try indexText(new.text, id: id) }
        return id
    }
}
