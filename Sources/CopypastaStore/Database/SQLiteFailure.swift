import CSQLite

/// A failure SQLite reported on a statement of the history's database, or one the store found
/// in a statement's result (a missing column). SQLite's result code and message and the
/// statement are always kept, so that a log or a bug report names the cause; what the user
/// reads depends on the code (`StoreError.description`), as `kind` sorts it.
public struct SQLiteFailure: Error, Equatable, Sendable {
    /// What a result code means for the user.
    public enum Kind: Sendable {
        /// Another process holds the lock (SQLITE_BUSY, SQLITE_LOCKED).
        case busy
        /// The file is damaged or not a database (SQLITE_CORRUPT, SQLITE_NOTADB).
        case damaged
        /// The file is read-only.
        case readOnly
        /// The disk is full.
        case full
        /// SQLite cannot open the file.
        case cannotOpen
        /// Out of memory.
        case noMemory
        /// A value is larger than SQLite takes.
        case tooBig
        /// SQL that does not fit the schema, a misused statement, a broken constraint:
        /// copypasta's mistake.
        case statement
        /// Any other failure of the file.
        case io
    }

    /// The database file.
    public let path: String
    /// SQLite's (extended) result code.
    public let code: Int32
    /// SQLite's message (`sqlite3_errmsg`), or the store's for a problem it found itself.
    public let message: String
    /// The start of the statement, on one line (`oneLine`).
    public let statement: String
    /// What was being done, when the statement alone does not say (a migration's name).
    public var context: String?

    /// The failure of `sql` with `code` and `message`.
    init(path: String, code: Int32, message: String, sql: String) {
        self.path = path
        self.code = code
        self.message = message
        statement = Self.oneLine(sql)
    }

    /// SQLite's message and the start of the statement, on one line, after the context if any.
    public var detail: String {
        (context.map { "\($0): " } ?? "") + "SQLite: \(message), in: \(statement)"
    }

    /// The meaning of the primary result code.
    public var kind: Kind {
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_CORRUPT, SQLITE_NOTADB: .damaged
        case SQLITE_READONLY: .readOnly
        case SQLITE_FULL: .full
        case SQLITE_CANTOPEN: .cannotOpen
        case SQLITE_NOMEM: .noMemory
        case SQLITE_TOOBIG: .tooBig
        case SQLITE_ERROR, SQLITE_MISUSE, SQLITE_RANGE, SQLITE_MISMATCH, SQLITE_CONSTRAINT, SQLITE_SCHEMA, SQLITE_INTERNAL:
            .statement
        default: .io
        }
    }

    /// The first 80 characters of `sql` with its white space runs made single spaces.
    static func oneLine(_ sql: String) -> String {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
        let limit = 80
        return words.count > limit ? words.prefix(limit) + "…" : words
    }
}
