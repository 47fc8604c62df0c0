import CopypastaCore

/// Errors of the history store: one line for the user, SQLite's own message where it helps
/// find the cause (an unexpected I/O error, a statement SQLite refused).
public enum StoreError: CopypastaFailure, Equatable {
    /// The database file or its directory could not be created or opened.
    case cannotCreate(path: String, reason: String)
    /// No database exists at the path, and the command only reads (it creates none).
    case noDatabase(path: String)
    /// Something other than a regular file is at the database path (a FIFO, a device, a
    /// directory): it is refused at once instead of blocking on it.
    case notAFile(path: String)
    /// Reading or writing the database failed (disk full, I/O error, read-only file).
    case io(path: String, reason: String)
    /// Another process holds the database lock for longer than the busy timeout.
    case busy(path: String)
    /// The file exists but is not a copypasta database, or is damaged.
    case notADatabase(path: String)
    /// The database was written by a newer copypasta whose schema this one does not know.
    case newerSchema(path: String, version: Int)
    /// No entry has this id.
    case noSuchEntry(Int64)
    /// No entry has this snippet title.
    case noSuchTitle(String)
    /// Another entry (the id) already has this title, compared without regard to case.
    case titleTaken(String, Int64)
    /// The entry exists but on the other side of the trash from where the command looks:
    /// `inTrash` says where it is (undelete of a listed entry, pin of a trashed one).
    case elsewhere(Int64, inTrash: Bool)
    /// A value given to the store is unusable (an empty text, a bad tag).
    case invalid(String)
    /// The entry is secure: its text needs the passphrase, which was not given.
    case secureEntry(Int64)
    /// The passphrase does not open the secure entries of this database.
    case wrongPassphrase
    /// SQLite refused one of copypasta's own statements (SQL that does not fit the schema, a
    /// misused statement): a bug in copypasta, not a problem of the disk or of the user's data.
    /// `detail` carries SQLite's message and the start of the statement.
    case statementFailed(path: String, detail: String)
    /// PCRE2 refused a regular expression (`re:`, `search --regex`): `offset` is where, in bytes.
    case badRegex(offset: Int, reason: String)
    /// A regular-expression search ran past its deadline of `seconds` (`RegexFilter`).
    case regexDeadline(seconds: Double)

    /// The exit status each case maps to.
    public var exitStatus: ExitStatus {
        switch self {
        case .cannotCreate: .cannotCreate
        case .noDatabase: .noSuchEntry
        case .notAFile: .badConfig
        case .io: .ioError
        case .busy: .busy
        case .notADatabase, .newerSchema, .invalid, .titleTaken: .dataError
        case .badRegex: .usage
        case .regexDeadline: .busy
        case .noSuchEntry, .noSuchTitle, .elsewhere: .noSuchEntry
        case .statementFailed: .software
        case .secureEntry, .wrongPassphrase: .noPermission
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
        case let .noSuchEntry(id):
            "no entry with id \(id); see 'copypasta list'"
        case let .noSuchTitle(title):
            "no entry is named \(Visible.quoted("@" + title, limit: 40)); see 'copypasta list --snippets'"
        case let .titleTaken(title, other):
            "the title \(Visible.quoted(title, limit: 40)) is already entry \(other)'s (titles ignore case); nothing was changed"
        case let .elsewhere(id, inTrash):
            inTrash
                ? "entry \(id) is in the trash; 'copypasta undelete \(id)' brings it back, see 'copypasta trash'"
                : "entry \(id) is not in the trash but in the history; see 'copypasta list'"
        case let .invalid(message):
            message
        case let .secureEntry(id):
            "entry \(id) is secure; its text needs the passphrase"
        case .wrongPassphrase:
            "wrong passphrase; nothing was shown or changed"
        case let .statementFailed(path, detail):
            "the database \(path) refused an operation (\(detail)); this is a bug in copypasta, please report it"
        case let .badRegex(offset, reason):
            "bad regular expression at offset \(offset): \(reason)"
        case let .regexDeadline(seconds):
            "the regular expression search ran past its deadline of \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s; nothing was shown "
                + "(simplify the pattern, or narrow the search with words or filters)"
        }
    }
}
