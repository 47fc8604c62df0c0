import CopypastaCore

/// Failures of the command layer itself.
enum CopypastaExit: CopypastaFailure {
    /// The user declined or cancelled; exit 1 with a short note.
    case cancelled(String)

    var exitStatus: ExitStatus { .nothingFound }

    var description: String {
        switch self {
        case let .cancelled(message): message
        }
    }
}
