/// The process exit statuses copypasta uses, from sysexits(3) (copypasta(1) EXIT STATUS).
///
/// Every error type of every module maps onto one of these, so scripts can
/// tell "nothing found" from "bad usage" from "the database is busy".
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Success.
    case success = 0
    /// The picker was cancelled, or a search found nothing.
    case nothingFound = 1
    /// Bad command line usage (EX_USAGE).
    case usage = 64
    /// Input data was malformed: invalid UTF-8, a bad import line, a file that is not a database (EX_DATAERR).
    case dataError = 65
    /// No entry with the requested id (EX_NOINPUT).
    case noSuchEntry = 66
    /// The X display or the daemon is unavailable when needed (EX_UNAVAILABLE).
    case unavailable = 69
    /// An internal error: copypasta misused a library, such as SQL that SQLite refuses (EX_SOFTWARE).
    case software = 70
    /// A file or directory could not be created (EX_CANTCREAT).
    case cannotCreate = 73
    /// An input/output error (EX_IOERR).
    case ioError = 74
    /// The database is busy; try again (EX_TEMPFAIL).
    case busy = 75
    /// A remote service answered with something that is not what its protocol promises: an AI
    /// provider's malformed, truncated or unexpected reply (EX_PROTOCOL).
    case protocolError = 76
    /// A secure entry was asked for with a wrong passphrase (EX_NOPERM).
    case noPermission = 77
    /// The configuration is invalid (EX_CONFIG).
    case badConfig = 78
}

/// An error that knows which exit status it maps to and how to say itself in one line.
///
/// `main` prints `copypasta: <description>` and exits with `exitStatus`; the
/// description says what went wrong and what to do (docs/DESIGN.md §1).
public protocol CopypastaFailure: Error, CustomStringConvertible {
    /// The sysexits status the process ends with when this error reaches `main`.
    var exitStatus: ExitStatus { get }
}
