import CopypastaCore
import Glibc

/// Errors of the files, directories and sockets every copypasta process shares.
public enum SystemError: CopypastaFailure, Equatable {
    /// A file, directory or socket could not be created.
    case cannotCreate(path: String, reason: String)
    /// The runtime directory, or the socket in it, may be someone else's: nothing is sent there.
    case unsafeRuntimeDirectory(path: String, reason: String)

    public var exitStatus: ExitStatus {
        .cannotCreate
    }

    public var description: String {
        switch self {
        case let .cannotCreate(path, reason):
            "cannot create \(path): \(reason)"
        case let .unsafeRuntimeDirectory(path, reason):
            "refusing \(path): \(reason); the daemon's socket directory must be yours with mode 0700 (remove it and try again)"
        }
    }

    /// The C library's message for an errno value.
    public static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
