import CopypastaCore

/// Failures of the command layer itself.
enum CopypastaExit: CopypastaFailure {
    /// The user declined or cancelled; exit 1 with a short note.
    case cancelled(String)
    /// Standard output could not be written (a full disk, /dev/full); exit 74.
    case cannotWrite(String)
    /// A failure while storing one line of an import, with that line's number; exits as the failure does.
    case atLine(Int, any CopypastaFailure)
    /// An import stopped by `failure` after `kept` entries were committed (imports write in batches).
    case stopped(any CopypastaFailure, kept: Int)
    /// `add` printed `id` inside its transaction and then the commit failed (a full disk):
    /// the message takes the printed id back; exits as the failure does.
    case notStored(any CopypastaFailure, id: Int64)
    /// The configuration cannot be used as it is (the database inside the sync folder); exit 78.
    case badConfig(String)
    /// Something needed is missing or failed, such as the passphrase prompt; exit 69.
    case unavailable(String)

    /// 1 for a cancel, 74 for an output error, 69 for something unavailable, and a failed import line
    /// exits as its failure does.
    var exitStatus: ExitStatus {
        switch self {
        case .cancelled: .nothingFound
        case .cannotWrite: .ioError
        case .badConfig: .badConfig
        case .unavailable: .unavailable
        case let .atLine(_, failure), let .stopped(failure, _), let .notStored(failure, _): failure.exitStatus
        }
    }

    /// The note printed after `copypasta: `.
    var description: String {
        switch self {
        case let .cancelled(message), let .cannotWrite(message), let .badConfig(message), let .unavailable(message): message
        case let .atLine(line, failure): "line \(line): \(failure.description)"
        case let .stopped(failure, 0): "\(failure.description); nothing was imported"
        case let .stopped(failure, 1): "\(failure.description); the entry before it stays imported"
        case let .stopped(failure, kept): "\(failure.description); the \(kept) entries before it stay imported"
        case let .notStored(failure, id): "\(failure.description); entry \(id), printed above, was not stored"
        }
    }
}
