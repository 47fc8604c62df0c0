import CopypastaCore

/// Errors of the processes that hold an X connection: the daemon, the background server and `type`.
public enum DaemonError: CopypastaFailure, Equatable {
    /// Another daemon holds the database's instance lock.
    case alreadyRunning(pid: Int32, database: String)
    /// `type` stopped because the input focus moved to another window after `sent` of `total` keys.
    case focusMoved(sent: Int, total: Int)

    public var exitStatus: ExitStatus {
        switch self {
        case .alreadyRunning, .focusMoved: .busy
        }
    }

    public var description: String {
        switch self {
        case let .alreadyRunning(pid, database):
            "a copypasta daemon is already running for \(database) (pid \(pid)); stop it first or use another --db"
        case let .focusMoved(sent, total):
            "the input focus moved to another window after \(sent) of \(total) keys; typing stopped"
        }
    }
}
