import CSQLite
import CopypastaCore
import CopypastaSystem
import Glibc

/// One SQLite connection: opening with the right modes and permissions,
/// statements, transactions, and the mapping of SQLite result codes onto
/// `StoreError`. The only type that calls sqlite3_* directly besides `Statement`.
final class Database {
    let handle: OpaquePointer
    /// The database file path, for messages.
    let path: String
    private var cache: [String: Statement] = [:]
    /// How long a statement waits for another connection's lock; read by the busy handler.
    private let busyWait: BusyWait
    /// Whether `RankFunction` is registered on this connection: at the first ranked search,
    /// so that the commands that never rank do not pay for it.
    private var rankFunctionRegistered = false
    /// The `copypasta_regexp` function's patterns and bounds, made at the first
    /// regular-expression search on this connection (`RegexFilter`).
    var regexFilter: RegexFilter?

    /// Opens (creating when missing) the database at `path`.
    ///
    /// The parent directories are created 0700 and a new database file 0600
    /// before SQLite touches it; SQLite gives the -wal and -shm files the
    /// database file's mode. A file that exists but does not start with the
    /// SQLite header is refused before SQLite opens it, so it is never changed.
    ///
    /// Without `create`, a missing file is `noDatabase` and nothing is created.
    init(path: String, create: Bool = true) throws(StoreError) {
        self.path = path
        busyWait = BusyWait(databasePath: path)
        if create { try Database.checkHeaderOrCreate(path) } else { try Database.checkHeader(path) }
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message =
                connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(connection)
            throw StoreError.cannotCreate(path: path, reason: "SQLite could not open it (SQLite: \(message))")
        }
        handle = connection
        sqlite3_extended_result_codes(handle, 1)
        // Wait for a lock instead of failing while the file is created and migrated; the
        // store shortens the wait afterwards where it must not stall (the daemon).
        sqlite3_busy_handler(handle, BusyWait.handler, Unmanaged.passUnretained(busyWait).toOpaque())
        identity = Database.identity(of: path)
        try configure()
    }

    /// Device and inode of the file opened, to notice when the path names another file.
    private let identity: (device: UInt, inode: UInt)?

    /// How long a statement waits for another connection's lock, in milliseconds.
    func setBusyTimeout(_ milliseconds: Int32) {
        busyWait.seconds = Double(milliseconds) / 1000
    }

    /// Whether `path` still names the file this connection opened (it was not deleted,
    /// renamed away or replaced). One stat(2) call.
    func isStillAtPath() -> Bool {
        guard let identity, let now = Database.identity(of: path) else { return false }
        return identity == now
    }

    private static func identity(of path: String) -> (device: UInt, inode: UInt)? {
        var stats = stat()
        guard stat(path, &stats) == 0 else { return nil }
        return (UInt(stats.st_dev), UInt(stats.st_ino))
    }

    /// Waits 10 ms between attempts to open a database another process is setting up.
    static func pause() {
        var interval = timespec(tv_sec: 0, tv_nsec: 10_000_000)
        _ = nanosleep(&interval, nil)
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// WAL lets the CLI read while the daemon writes. synchronous=NORMAL in WAL
    /// mode writes every commit to the WAL before COMMIT returns, so a commit
    /// survives a crash or kill of the process; the WAL is fsynced at each
    /// checkpoint, so a power cut can lose only the last commits and never
    /// corrupts the database (sqlite.org/wal.html, "synchronous").
    ///
    /// A new database frees pages incrementally (auto_vacuum, set before WAL or it is ignored):
    /// a purge gives the space back in slices (`PurgeJob`). An older one keeps NONE; the setting
    /// would take effect only through a VACUUM, which rewrites the whole file under the write
    /// lock (BENCHMARKS.md, "size"). Only a new (empty) file is asked: on an existing one the
    /// pragma writes its header field in a transaction of its own, a commit and a sync at every
    /// open, which cost each command 8 to 40 ms and a wait for the write lock.
    private func configure() throws(StoreError) {
        if try scalarInt("PRAGMA page_count") == 0 { try execute("PRAGMA auto_vacuum = INCREMENTAL") }
        let mode = try scalarText("PRAGMA journal_mode=WAL")
        if mode?.lowercased() != "wal" {
            throw StoreError.io(path: path, reason: "cannot switch it to write-ahead logging")
        }
        // Deleted texts are overwritten, not left in free pages: a deleted password is gone.
        // After a checkpoint the WAL shrinks back to at most 4 MiB instead of keeping the size
        // of the longest write.
        try execute("PRAGMA synchronous=NORMAL; PRAGMA secure_delete=ON; PRAGMA journal_size_limit=4194304")
    }

    /// Registers `RankFunction` on this connection unless done already; a statement that calls it
    /// cannot be prepared before.
    func registerRankFunction() throws(StoreError) {
        guard !rankFunctionRegistered else { return }
        let status = RankFunction.register(on: handle)
        guard status == SQLITE_OK else {
            throw failure(message: "cannot register \(RankFunction.name) (no FTS5?)", in: "SELECT fts5(?1)")
        }
        rankFunctionRegistered = true
    }

    /// Runs `body` with SQLite's page cache of this connection held to `kibibytes`, then gives it
    /// back its default size (2,000 KiB, which no other code changes).
    ///
    /// A search reads each page it needs about once (an entry row per hit, a docsize row, the
    /// doclists), so the default cache only grows by a fresh 4 KiB buffer per page read, up to
    /// 2 MiB, and every one of those buffers costs a page fault on first touch. A small cache keeps
    /// the b-trees' inner pages, which every look-up needs, and recycles the rest.
    func withCacheSize<T>(kibibytes: Int, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try execute("PRAGMA cache_size = -\(kibibytes)")
        defer { _ = sqlite3_exec(handle, "PRAGMA cache_size = -2000", nil, nil, nil) }
        return try body()
    }

    /// Runs SQL that returns no rows (several statements allowed).
    func execute(_ sql: String) throws(StoreError) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status, in: sql) }
    }

    /// The cached prepared statement for `sql`, bound to `values`; the caller resets it.
    private func prepared(_ sql: String, _ values: [(any SQLValue)?]) throws(StoreError) -> Statement {
        let statement: Statement
        if let cached = cache[sql] {
            statement = cached
        } else {
            statement = try Statement(database: self, sql: sql)
            cache[sql] = statement
        }
        do {
            try statement.bind(values)
        } catch {
            statement.reset()
            throw error
        }
        return statement
    }

    /// Runs `body` with the cached prepared statement for `sql`, bound to `values`.
    ///
    /// The statement is reset afterwards even when `body` throws: a statement
    /// left mid-iteration would hold a read snapshot open, hiding other
    /// processes' writes from a long-running daemon and blocking checkpoints.
    func with<T>(_ sql: String, _ values: [(any SQLValue)?] = [], _ body: (Statement) throws(StoreError) -> T) throws(StoreError)
        -> T
    {
        let statement = try prepared(sql, values)
        defer { statement.reset() }
        return try body(statement)
    }

    /// `with` for a body that throws errors of its own (a caller's closure run for each row).
    func withRows(_ sql: String, _ values: [(any SQLValue)?], _ body: (Statement) throws -> Void) throws {
        let statement = try prepared(sql, values)
        defer { statement.reset() }
        try body(statement)
    }

    /// Runs a statement that returns no rows.
    func run(_ sql: String, _ values: (any SQLValue)?...) throws(StoreError) {
        try with(sql, values) { statement throws(StoreError) in try statement.run() }
    }

    /// Runs `body` inside BEGIN IMMEDIATE … COMMIT, rolling back on error.
    ///
    /// IMMEDIATE takes the write lock up front, so the busy timeout applies
    /// at BEGIN instead of failing later on a lock upgrade.
    func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try bracketed("BEGIN IMMEDIATE", body).get()
    }

    /// `transaction` for a body that throws errors of its own (a caller's confirmation).
    func transactionRethrowing<T>(_ body: () throws -> T) throws -> T {
        try bracketed("BEGIN IMMEDIATE", body).get()
    }

    /// Runs `body` between `begin` and COMMIT; rolls back when `body` throws (its error is the
    /// result's) or COMMIT fails (thrown).
    func bracketed<T, E: Error>(_ begin: String, _ body: () throws(E) -> T) throws(StoreError) -> Result<T, E> {
        try execute(begin)
        let result = Result(catching: body)
        guard case .success = result else {
            rollback()
            return result
        }
        do {
            try execute("COMMIT")
        } catch {
            rollback()
            throw error
        }
        return result
    }

    private func rollback() {
        _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
    }

    /// The only column of the first row of `sql` as text.
    func scalarText(_ sql: String, _ values: (any SQLValue)?...) throws(StoreError) -> String? {
        try with(sql, values) { row throws(StoreError) in try row.step() ? row.text(0) : nil }
    }

    /// The only column of the first row of `sql` as an integer, nil when there is no row or it is NULL.
    func scalarInt(_ sql: String, _ values: (any SQLValue)?...) throws(StoreError) -> Int64? {
        try with(sql, values) { row throws(StoreError) in try row.step() ? row.optionalInt(0) : nil }
    }

    /// The rowid of the last inserted row.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The failure SQLite reported with `status` for `sql`, with its message. Call it right after
    /// the failing call: it reads the connection's message (`sqlite3_errmsg`), which the next
    /// call replaces.
    func error(_ status: Int32, in sql: String) -> StoreError {
        let message = sqlite3_errmsg(handle).map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
        return .sqlite(SQLiteFailure(path: path, code: status, message: message, sql: sql))
    }

    /// A failure the store itself detects in a statement (a missing result column).
    func failure(message: String, in sql: String) -> StoreError {
        .sqlite(SQLiteFailure(path: path, code: SQLITE_ERROR, message: message, sql: sql))
    }

    /// SQLite's message and the first characters of the statement, on one line.
    static func detail(message: String, sql: String) -> String {
        "SQLite: \(message), in: \(SQLiteFailure.oneLine(sql))"
    }

    private static let header = Array("SQLite format 3\0".utf8)

    private static func createParentDirectories(of path: String) throws(StoreError) {
        do {
            try PrivateDirectory.createParent(of: path)
        } catch {
            switch error {
            case let .cannotCreate(directory, reason), let .unsafeRuntimeDirectory(directory, reason):
                throw .cannotCreate(path: path, reason: "cannot create the directory \(directory): \(reason)")
            }
        }
    }

    private static func describe(_ code: Int32) -> String {
        SystemError.describe(code)
    }

    /// Creates the file 0600, or checks the header of the one there. The parent directories are
    /// created only when the file cannot be created for want of them (ENOENT, or ENOTDIR, which
    /// the directory creation then reports by name): opening an existing database, what nearly
    /// every command does, costs no mkdir(2) per path component.
    private static func checkHeaderOrCreate(_ path: String) throws(StoreError) {
        var created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if created < 0 && (errno == ENOENT || errno == ENOTDIR) {
            try createParentDirectories(of: path)
            created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        }
        if created >= 0 {
            close(created)
            return
        }
        let createErrno = errno
        guard createErrno == EEXIST else {
            throw .cannotCreate(path: path, reason: Database.describe(createErrno))
        }
        try checkHeader(path)
    }

    /// Checks that the file at `path` is a regular file that is empty or starts with the SQLite
    /// header. The open does not wait: a FIFO (`--db <(…)`) would block every command and the
    /// daemon until a writer came, so it is opened without blocking and refused, as the config
    /// file is.
    private static func checkHeader(_ path: String) throws(StoreError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ENOENT { throw .noDatabase(path: path) }
            throw .cannotCreate(path: path, reason: Database.describe(errno))
        }
        defer { close(fd) }
        var stats = stat()
        guard fstat(fd, &stats) == 0 else { throw .io(path: path, reason: Database.describe(errno)) }
        guard (stats.st_mode & S_IFMT) == S_IFREG else { throw .notAFile(path: path) }
        guard stats.st_size > 0 else { return }
        var bytes = [UInt8](repeating: 0, count: header.count)
        let count = read(fd, &bytes, bytes.count)
        guard count == header.count, bytes == header else { throw .notADatabase(path: path) }
    }
}
