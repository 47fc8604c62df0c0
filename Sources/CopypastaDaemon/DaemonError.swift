import CopypastaCore

/// Errors of the daemon and of talking to it.
public enum DaemonError: CopypastaFailure, Equatable {
    /// Another daemon holds the database's instance lock.
    case alreadyRunning(pid: Int32, database: String)
    /// A runtime file (lock, socket, directory) could not be created.
    case cannotCreate(path: String, reason: String)
    /// The runtime directory, or the socket in it, may be someone else's: nothing is sent there.
    case unsafeRuntimeDirectory(path: String, reason: String)
    /// No daemon answers on the socket.
    case notRunning(socket: String)
    /// The daemon answered with an error.
    case refused(status: ExitStatus, message: String)
    /// The daemon's answer could not be understood.
    case badReply(String)

    /// The exit status each case maps to (SPEC §7).
    public var exitStatus: ExitStatus {
        switch self {
        case .alreadyRunning: .busy
        case .cannotCreate, .unsafeRuntimeDirectory: .cannotCreate
        case .notRunning, .badReply: .unavailable
        case let .refused(status, _): status
        }
    }

    /// The one-line message shown after `copypasta: `.
    public var description: String {
        switch self {
        case let .alreadyRunning(pid, database):
            "a copypasta daemon is already running for \(database) (pid \(pid)); stop it first or use another --db"
        case let .cannotCreate(path, reason):
            "cannot create \(path): \(reason)"
        case let .unsafeRuntimeDirectory(path, reason):
            "refusing \(path): \(reason); the daemon's socket directory must be yours with mode 0700 (remove it and try again)"
        case let .notRunning(socket):
            "no copypasta daemon is running (nothing answers on \(socket)); start it with 'copypasta daemon'"
        case let .refused(_, message):
            message
        case let .badReply(detail):
            "the daemon sent an unexpected reply (\(detail)); is it the same copypasta version?"
        }
    }
}
