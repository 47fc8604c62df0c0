import CopypastaCore

/// What the history itself refuses, whatever SQLite says: the thing asked for is not there, or
/// may not be done. The user's to change, never a failure of the database (`SQLiteFailure`).
public enum HistoryRefusal: CopypastaFailure, Equatable {
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

    /// The exit status each case maps to.
    public var exitStatus: ExitStatus {
        switch self {
        case .invalid, .titleTaken: .dataError
        case .noSuchEntry, .noSuchTitle, .elsewhere: .noSuchEntry
        case .secureEntry, .wrongPassphrase: .noPermission
        }
    }

    /// The one-line message shown after `copypasta: `.
    public var description: String {
        switch self {
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
        }
    }
}
