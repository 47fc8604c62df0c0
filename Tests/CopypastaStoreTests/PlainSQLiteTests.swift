import CopypastaCore
import TestSupport
import Testing

@testable import CopypastaStore

/// The store reports what SQLite said, checks every bind and reads columns by name.
@Suite struct PlainSQLiteTests {
    let sandbox = Sandbox()

    func open() throws -> HistoryStore { try HistoryStore(path: sandbox.database) }

    func sqlite(_ sql: String) throws -> ProcessResult {
        try Child(["sqlite3", sandbox.database, sql]).communicate()
    }

    /// The failure of a statement SQLite refused, or nil for any other outcome.
    func refusedStatement(_ body: () throws(StoreError) -> Void) -> SQLiteFailure? {
        do {
            try body()
            return nil
        } catch {
            guard case let .sqlite(failure) = error, failure.kind == .statement else { return nil }
            return failure
        }
    }

    /// The detail of a statement SQLite refused, or nil for any other outcome.
    func detail(_ body: () throws(StoreError) -> Void) -> String? {
        refusedStatement(body)?.detail
    }

    @Test func aStatementSQLiteRefusesNamesSQLitesMessageAndTheStatement() throws {
        let store = try open()
        #expect(try sqlite("DROP TABLE state").status == 0)
        let detail = detail { () throws(StoreError) in _ = try store.isPaused() }
        #expect(detail == "SQLite: no such table: state, in: SELECT value FROM state WHERE key = 'paused'")
        let failure = refusedStatement { () throws(StoreError) in _ = try store.isPaused() }
        #expect(failure?.message == "no such table: state" && failure?.path == sandbox.database)
        let error = try #require(failure.map(StoreError.sqlite))
        #expect(error.exitStatus == ExitStatus.software)
        #expect(!error.description.contains("\n"))
        #expect(error.description.contains("no such table: state"))
    }

    @Test func theStatementInAMessageIsOneLineOfAtMost80Characters() {
        let sql = "SELECT a,\n       b\tFROM t WHERE " + String(repeating: "x = 1 AND ", count: 20) + "y = 2"
        let detail = Database.detail(message: "no such column: b", sql: sql)
        #expect(detail.hasPrefix("SQLite: no such column: b, in: SELECT a, b FROM t WHERE x = 1 AND "))
        #expect(detail.hasSuffix("…"))
        #expect(!detail.contains("\n") && !detail.contains("\t"))
        #expect(detail.count == "SQLite: no such column: b, in: ".count + 80 + 1)
        #expect(Database.detail(message: "m", sql: "SELECT 1") == "SQLite: m, in: SELECT 1")
    }

    @Test func aBindSQLiteRefusesThrowsInsteadOfRunningWithoutIt() throws {
        let store = try open()
        let detail = detail { () throws(StoreError) in
            try store.database.run("UPDATE state SET value = ? WHERE key = 'paused'", 1, 2)
        }
        #expect(detail?.hasPrefix("SQLite: column index out of range, in: UPDATE state") == true)
        #expect(try store.isPaused() == false)
    }

    @Test func aColumnIsFoundByItsNameAndAMissingNameIsAnError() throws {
        let store = try open()
        let value = try store.database.with("SELECT 7 AS seven, 8 AS eight") { row throws(StoreError) in
            try row.step() ? row.int(try row.column("eight")) : nil
        }
        #expect(value == 8)
        let detail = detail { () throws(StoreError) in
            _ = try store.database.with("SELECT 7 AS seven") { row throws(StoreError) in try row.column("six") }
        }
        #expect(detail == "SQLite: no result column named six, in: SELECT 7 AS seven")
    }

    @Test func anEntryIsReadByColumnNameWhateverTheColumnOrder() throws {
        let store = try open()
        _ = try store.add(
            "tagged text", at: Timestamp(microseconds: 5), policy: .move, maxEntries: 0, pinned: true, tags: ["Work", "home"])
        let reordered =
            "SELECT e.last_used_at AS last_used_at, 'home' AS tags, e.use_count AS use_count, e.pinned AS pinned, "
            + "e.bytes AS bytes, e.source_app AS source_app, e.source AS source, e.captured_at AS captured_at, "
            + "e.preview AS preview, e.trashed_at AS trashed_at, e.kind AS kind, e.title AS title, e.secure AS secure, 'local' AS sync, "
            + "NULL AS file, NULL AS link, "
            + "e.id AS id FROM entry e"
        let entry = try store.database.with(reordered) { row throws(StoreError) in
            try row.step() ? try EntryColumns(row, withText: false).entry(row) : nil
        }
        #expect(entry?.id == 1 && entry?.previewSource == "tagged text" && entry?.pinned == true)
        #expect(entry?.capturedAt == Timestamp(microseconds: 5) && entry?.source == .manual && entry?.bytes == 11)
        #expect(try store.entry(id: 1).tags.sorted() == ["Work", "home"])
    }

    @Test func aMigrationThatFailsNamesItselfAndSQLitesMessage() throws {
        _ = try open()
        // Version 3 again, with the column migration 4 adds already there: its ALTER TABLE fails.
        #expect(try sqlite("PRAGMA user_version = 3").status == 0)
        let detail = detail { () throws(StoreError) in _ = try HistoryStore(path: sandbox.database) }
        let expected =
            "migration 4 (trash, trash counts and link kind): "
            + "SQLite: duplicate column name: trashed_at, in: ALTER TABLE"
        #expect(detail?.hasPrefix(expected) == true, "\(detail ?? "nil")")
    }

    @Test func aNewDatabaseHasTheIndexThatFindsSeqAndTrashFromAnId() throws {
        // Migration 4 replaced migration 3's (id, seq) index by one that also holds trashed_at.
        let store = try open()
        #expect(try store.status().schemaVersion == HistoryStore.schemaVersion)
        let names = try sqlite("SELECT name FROM sqlite_master WHERE name LIKE 'entry_seq%' ORDER BY name").output
        #expect(names == "entry_seq_trashed_by_id\n")
    }

    @Test func aSearchGivesThePageCacheBackItsDefaultSize() throws {
        let store = try open()
        _ = try store.add("some words", at: Timestamp(microseconds: 1), policy: .move, maxEntries: 0)
        #expect(try store.database.scalarInt("PRAGMA cache_size") == -2000)
        _ = try store.search(SearchQuery.parse("words"), order: .relevance, limit: nil)
        _ = try store.search(SearchQuery.parse("wor*"), order: .recent, limit: 5)
        #expect(try store.database.scalarInt("PRAGMA cache_size") == -2000)
    }
}
