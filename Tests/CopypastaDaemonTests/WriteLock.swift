import CSQLite

/// Another process's write transaction on the database: holds SQLite's write lock until released.
final class WriteLock {
    private var connection: OpaquePointer?

    /// Opens `path` on a second connection and begins an immediate transaction.
    init(_ path: String) throws {
        guard sqlite3_open(path, &connection) == SQLITE_OK,
            sqlite3_exec(connection, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK
        else {
            sqlite3_close(connection)
            throw Failure.cannotLock
        }
    }

    deinit { release() }

    /// Ends the transaction and closes the connection.
    func release() {
        guard let connection else { return }
        sqlite3_exec(connection, "ROLLBACK", nil, nil, nil)
        sqlite3_close(connection)
        self.connection = nil
    }

    enum Failure: Error { case cannotLock }
}
