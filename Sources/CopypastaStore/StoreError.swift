import CopypastaCore

/// Errors of the history store: one line for the user. Two kinds are kept apart: what SQLite
/// reported (`sqlite`, always with SQLite's message and the statement) and what the history
/// itself refuses (`refused`: no such entry or title, a wrong passphrase…); the other cases are
/// the database file's, found before or beside SQLite.
public enum StoreError: CopypastaFailure, Equatable {
    /// The database file or its directory could not be created or opened.
    case cannotCreate(path: String, reason: String)
    /// No database exists at the path, and the command only reads (it creates none).
    case noDatabase(path: String)
    /// Something other than a regular file is at the database path (a FIFO, a device, a
    /// directory): it is refused at once instead of blocking on it.
    case notAFile(path: String)
    /// Reading or writing a file failed (an I/O error of the file system, not SQLite's).
    case io(path: String, reason: String)
    /// Another process holds a database it needs (a browser's, copied first) for longer than it waits.
    case busy(path: String)
    /// The file exists but does not start as a SQLite database does.
    case notADatabase(path: String)
    /// The database was written by a newer copypasta whose schema this one does not know.
    case newerSchema(path: String, version: Int)
    /// SQLite failed: its message and the statement are in the failure.
    case sqlite(SQLiteFailure)
    /// The history refuses what was asked.
    case refused(HistoryRefusal)
    /// PCRE2 refused a regular expression (`re:`, `search --regex`): `offset` is where, in bytes.
    case badRegex(offset: Int, reason: String)
    /// A regular-expression search ran past its deadline of `seconds` (`RegexFilter`).
    case regexDeadline(seconds: Double)

    /// Whether another process holds the lock: the caller may try again later.
    public var isBusy: Bool {
        switch self {
        case .busy: true
        case let .sqlite(failure): failure.kind == .busy
        default: false
        }
    }

    /// The exit status each case maps to.
    public var exitStatus: ExitStatus {
        switch self {
        case .cannotCreate: .cannotCreate
        case .noDatabase: .noSuchEntry
        case .notAFile: .badConfig
        case .io: .ioError
        case .busy: .busy
        case .notADatabase, .newerSchema: .dataError
        case let .sqlite(failure) where failure.kind == .statement: .software
        case let .sqlite(failure): Self.shown(failure).exitStatus
        case let .refused(refusal): refusal.exitStatus
        case .badRegex: .usage
        case .regexDeadline: .busy
        }
    }

    /// The one-line message shown after `copypasta: `.
    public var description: String {
        switch self {
        case let .cannotCreate(path, reason):
            "cannot create or open the database \(path): \(reason); check the path and its permissions, or pass --db"
        case let .noDatabase(path):
            "no history database at \(path) yet; the daemon or a command that stores something creates it (or pass --db)"
        case let .notAFile(path):
            "the database path \(path) is not a regular file (a FIFO, a device or a directory?); pass --db with a file"
        case let .io(path, reason):
            "cannot use the database \(path): \(reason)"
        case let .busy(path):
            "the database \(path) is busy (locked by another process); try again"
        case let .notADatabase(path):
            "\(path) is not a copypasta database or is damaged; it was left untouched (pass --db to use another file)"
        case let .newerSchema(path, version):
            "the database \(path) has schema version \(version), written by a newer copypasta; upgrade copypasta"
        case let .sqlite(failure) where failure.kind == .statement:
            "the database \(failure.path) refused an operation (\(failure.detail)); this is a bug in copypasta, please report it"
        case let .sqlite(failure):
            Self.shown(failure).description
        case let .refused(refusal):
            refusal.description
        case let .badRegex(offset, reason):
            "bad regular expression at offset \(offset): \(reason)"
        case let .regexDeadline(seconds):
            "the regular expression search ran past its deadline of \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s; nothing was shown "
                + "(simplify the pattern, or narrow the search with words or filters)"
        }
    }

    /// What the user reads of a failure SQLite reported, by what its code means: the message of
    /// the file's own case (a busy or damaged file reads the same whoever found it).
    private static func shown(_ failure: SQLiteFailure) -> StoreError {
        let path = failure.path
        return switch failure.kind {
        case .busy: .busy(path: path)
        case .damaged: .notADatabase(path: path)
        case .readOnly: .io(path: path, reason: "it is read-only")
        case .full: .io(path: path, reason: "the disk is full")
        case .cannotOpen: .cannotCreate(path: path, reason: "it cannot be opened")
        case .noMemory: .io(path: path, reason: "out of memory")
        case .tooBig: .refused(.invalid("the text is too large for the database"))
        case .statement, .io: .io(path: path, reason: "input/output error (\(failure.detail))")
        }
    }
}

/// The history's refusals, written as before they had a type of their own (`throw .noSuchEntry(id)`).
extension StoreError {
    /// `HistoryRefusal.noSuchEntry`.
    public static func noSuchEntry(_ id: Int64) -> StoreError { .refused(.noSuchEntry(id)) }
    /// `HistoryRefusal.noSuchTitle`.
    public static func noSuchTitle(_ title: String) -> StoreError { .refused(.noSuchTitle(title)) }
    /// `HistoryRefusal.titleTaken`.
    public static func titleTaken(_ title: String, _ other: Int64) -> StoreError { .refused(.titleTaken(title, other)) }
    /// `HistoryRefusal.elsewhere`.
    public static func elsewhere(_ id: Int64, inTrash: Bool) -> StoreError { .refused(.elsewhere(id, inTrash: inTrash)) }
    /// `HistoryRefusal.invalid`.
    public static func invalid(_ message: String) -> StoreError { .refused(.invalid(message)) }
    /// `HistoryRefusal.secureEntry`.
    public static func secureEntry(_ id: Int64) -> StoreError { .refused(.secureEntry(id)) }
    /// `HistoryRefusal.wrongPassphrase`.
    public static var wrongPassphrase: StoreError { .refused(.wrongPassphrase) }
}
