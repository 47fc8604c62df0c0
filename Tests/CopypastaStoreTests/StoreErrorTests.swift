import CSQLite
import CopypastaCore
import TestSupport
import Testing

@testable import CopypastaStore

/// SQLite's failures keep SQLite's message and the statement, whatever the user reads; the
/// history's refusals are a type of their own. The messages and statuses are those the CLI
/// tests pin.
@Suite struct StoreErrorTests {
    let sandbox = Sandbox()

    static let path = "/h/history.db"

    /// Each kind of SQLite failure, the line the user reads and the exit status.
    static let shown: [(Int32, String, CopypastaCore.ExitStatus)] = [
        (SQLITE_BUSY, "the database \(path) is busy (locked by another process); try again", .busy),
        (SQLITE_LOCKED, "the database \(path) is busy (locked by another process); try again", .busy),
        (
            SQLITE_CORRUPT,
            "\(path) is not a copypasta database or is damaged; it was left untouched (pass --db to use another file)",
            .dataError
        ),
        (SQLITE_READONLY, "cannot use the database \(path): it is read-only", .ioError),
        (SQLITE_FULL, "cannot use the database \(path): the disk is full", .ioError),
        (
            SQLITE_CANTOPEN,
            "cannot create or open the database \(path): it cannot be opened; check the path and its permissions, or pass --db",
            .cannotCreate
        ),
        (SQLITE_NOMEM, "cannot use the database \(path): out of memory", .ioError),
        (SQLITE_TOOBIG, "the text is too large for the database", .dataError),
        (
            SQLITE_CONSTRAINT,
            "the database \(path) refused an operation (SQLite: the message, in: UPDATE entry SET x = 1); this is a bug in copypasta, please report it",
            .software
        ),
        (
            SQLITE_IOERR, "cannot use the database \(path): input/output error (SQLite: the message, in: UPDATE entry SET x = 1)",
            .ioError
        ),
    ]

    @Test func aSQLiteFailureKeepsItsMessageAndStatementAndReadsAsBefore() {
        for (code, line, status) in Self.shown {
            let failure = SQLiteFailure(path: Self.path, code: code, message: "the message", sql: "UPDATE entry\n   SET x = 1")
            #expect(failure.detail == "SQLite: the message, in: UPDATE entry SET x = 1")
            let error = StoreError.sqlite(failure)
            #expect(error.description == line, "code \(code)")
            #expect(error.exitStatus == status, "code \(code)")
            #expect(error.isBusy == (code == SQLITE_BUSY || code == SQLITE_LOCKED))
        }
    }

    @Test func aLockHeldByAnotherConnectionIsBusyWithSQLitesMessage() throws {
        let store = try HistoryStore(path: sandbox.database)
        let other = try Database(path: sandbox.database)
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("ROLLBACK") }
        store.database.setBusyTimeout(0)
        do {
            try store.setPaused(true)
            Issue.record("the write went through a held lock")
        } catch {
            guard case let .sqlite(failure) = error else { throw error }
            #expect(error.isBusy && failure.message == "database is locked")
            #expect(error.description == "the database \(sandbox.database) is busy (locked by another process); try again")
        }
    }

    @Test func whatTheHistoryRefusesIsARefusalNotASQLiteFailure() throws {
        let store = try HistoryStore(path: sandbox.database)
        #expect(throws: StoreError.refused(.noSuchEntry(42))) { try store.setTitle(id: 42, "name") }
        #expect(throws: StoreError.refused(.noSuchTitle("nothing"))) { try store.id(forTitle: "nothing") }
        #expect(StoreError.noSuchEntry(42).description == "no entry with id 42; see 'copypasta list'")
        #expect(StoreError.wrongPassphrase.exitStatus == .noPermission)
    }
}
