// DESIGN
//
// The history store is the only user of SQLite (STYLE.md). Terms:
//   entry        one captured or added text and its metadata (SPEC §3);
//   entry_text   the full text, kept out of `entry` so listings never read it;
//   preview      the first characters of the text, stored in `entry`;
//   fingerprint  SHA-256 of the UTF-8 text (CopypastaCore.Fingerprint);
//   state        key/value rows: `last_fingerprint`, `paused`, `last_capture_at`,
//                and the `entries` and `pinned` counts, kept by triggers so that
//                status never counts rows.
//
// Rules (SPEC §4):
//   - A capture equal to `last_fingerprint` is never inserted again until a
//     different text is captured; the value is persisted, so this holds
//     across daemon restarts.
//   - With duplicates = move, a text equal to an older entry moves that entry
//     to the top (capturedAt updated; id, pin and tags kept).
//   - Retention runs in the same transaction as the insert: at most
//     max-entries unpinned entries survive; pinned ones are exempt.
//   - Every write is one BEGIN IMMEDIATE transaction; it has committed to the
//     WAL before the caller reports the capture anywhere.
//   - entry_fts is an FTS5 index over entry_text kept in sync by triggers on
//     insert and delete; deleting an entry deletes its text, tags and index
//     rows through the `entry_removed` trigger, so delete, clear and
//     retention all go through one path.
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
        /// The text equals the last captured text; nothing was written. Carries the newest
        /// entry with that text, if it still exists.
        case unchanged(Int64?)
    }

    /// The database file path.
    public let path: String
    /// The connection.
    let database: Database

    /// Opens the database at `path`, creating and migrating it as needed.
    public init(path: String) throws {
        self.path = path
        database = try Database(path: path)
        try Schema.migrate(database)
    }

    /// The schema version this build writes.
    public static var schemaVersion: Int { Schema.version }

    /// Stores a text captured from a selection, honouring the persisted last fingerprint.
    ///
    /// `replacing` names an entry the new text supersedes (a PRIMARY selection
    /// that grew or shrank, SPEC §4); it is deleted in the same transaction
    /// unless it is pinned. `isNewest` is false for a text whose read finished
    /// after a newer one was stored: it is kept, but it is not what the
    /// selection holds now, so it does not become the last fingerprint.
    public func capture(
        _ text: String, source: EntrySource, sourceApp: String?, at time: Timestamp,
        policy: DuplicatePolicy, maxEntries: Int, replacing: Int64? = nil, isNewest: Bool = true
    ) throws -> Outcome {
        let fingerprint = Fingerprint(of: text)
        return try database.transaction {
            if try lastFingerprint() == fingerprint { return .unchanged(try newestEntry(with: fingerprint)) }
            if let replacing { try database.run("DELETE FROM entry WHERE id = ? AND pinned = 0", replacing) }
            if isNewest {
                try setState("last_fingerprint", fingerprint.bytes)
                try setState("last_capture_at", time.microseconds)
            }
            let new = NewEntry(text: text, fingerprint: fingerprint, source: source, sourceApp: sourceApp, capturedAt: time)
            return try insertOrMove(new, policy: policy, maxEntries: maxEntries)
        }
    }

    /// Stores a text the user added by hand (`copypasta add`); the last fingerprint is left alone.
    public func add(_ text: String, at time: Timestamp, policy: DuplicatePolicy, maxEntries: Int) throws -> Outcome {
        guard !text.isEmpty else { throw StoreError.invalid("nothing to add: the text is empty") }
        let new = NewEntry(text: text, fingerprint: Fingerprint(of: text), source: .manual, sourceApp: nil, capturedAt: time)
        return try database.transaction { try insertOrMove(new, policy: policy, maxEntries: maxEntries) }
    }

    /// The fingerprint of the last captured or restored text, if any.
    public func lastFingerprint() throws -> Fingerprint? {
        try database.with("SELECT value FROM state WHERE key = 'last_fingerprint'") {
            try $0.step() ? $0.blob(0).flatMap(Fingerprint.init(bytes:)) : nil
        }
    }

    /// Records a restore: bumps use count and last-used time, and makes the
    /// entry's text the last fingerprint so that the restore is not captured again.
    public func markUsed(id: Int64, at time: Timestamp) throws {
        try database.transaction {
            let fingerprint = try database.with("SELECT fingerprint FROM entry WHERE id = ?", [id]) {
                try $0.step() ? $0.blob(0) : nil
            }
            guard let fingerprint else { throw StoreError.noSuchEntry(id) }
            try database.run("UPDATE entry SET use_count = use_count + 1, last_used_at = ? WHERE id = ?", time.microseconds, id)
            try setState("last_fingerprint", fingerprint)
        }
    }

    /// Whether capturing is paused (SPEC §4; persisted so that it survives restarts).
    public func isPaused() throws -> Bool {
        try database.scalarInt("SELECT value FROM state WHERE key = 'paused'") == 1
    }

    /// Pauses or resumes capturing.
    public func setPaused(_ paused: Bool) throws {
        try database.transaction { try setState("paused", paused ? 1 : 0) }
    }

    /// The id of the newest entry, if any.
    public func newestID() throws -> Int64? {
        try database.scalarInt("SELECT id FROM entry ORDER BY captured_at DESC, id DESC LIMIT 1")
    }

    /// When the daemon last captured a text, if ever.
    public func lastCaptureAt() throws -> Timestamp? {
        try database.scalarInt("SELECT value FROM state WHERE key = 'last_capture_at'").map(Timestamp.init(microseconds:))
    }

    /// Sets one row of the state table.
    func setState(_ key: String, _ value: any SQLValue) throws {
        try database.run("INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value)
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
    }

    /// Inserts `new`, or with policy move updates the newest entry with the same fingerprint.
    /// Must run inside a transaction.
    func insertOrMove(_ new: NewEntry, policy: DuplicatePolicy, maxEntries: Int) throws -> Outcome {
        if policy == .move, let existing = try newestEntry(with: new.fingerprint) {
            try database.run("UPDATE entry SET captured_at = max(captured_at, ?) WHERE id = ?", new.capturedAt.microseconds, existing)
            return .moved(existing)
        }
        let id = try insert(new)
        try applyRetention(maxEntries: maxEntries)
        return .inserted(id)
    }

    /// The newest entry whose text has `fingerprint`.
    func newestEntry(with fingerprint: Fingerprint) throws -> Int64? {
        try database.scalarInt(
            "SELECT id FROM entry WHERE fingerprint = ? ORDER BY captured_at DESC, id DESC LIMIT 1", fingerprint.bytes)
    }

    /// Inserts the entry row and its text; returns the new id. Must run inside a transaction.
    func insert(_ new: NewEntry) throws -> Int64 {
        try database.run(
            """
            INSERT INTO entry (fingerprint, captured_at, source, source_app, bytes, preview, pinned, use_count, last_used_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            new.fingerprint.bytes, new.capturedAt.microseconds, new.source.rawValue, new.sourceApp,
            new.text.utf8.count, Preview.storedPrefix(of: new.text), new.pinned, new.useCount,
            new.lastUsedAt?.microseconds)
        let id = database.lastInsertRowID
        try database.with("INSERT INTO entry_text (id, text) VALUES (?, ?)", [id]) { statement in
            try statement.withBorrowedText(new.text, at: 2) { try statement.run() }
        }
        return id
    }

    /// Removes the oldest unpinned entries beyond `maxEntries` (0 = unlimited); returns how many.
    @discardableResult
    func applyRetention(maxEntries: Int) throws -> Int {
        guard maxEntries > 0 else { return 0 }
        try database.run(
            """
            DELETE FROM entry WHERE id IN (
                SELECT id FROM entry WHERE pinned = 0 ORDER BY captured_at DESC, id DESC LIMIT -1 OFFSET ?)
            """, maxEntries)
        return database.changes
    }
}
