import CopypastaCore

/// Failures of the command layer itself.
enum CopypastaExit: CopypastaFailure {
    /// The user declined or cancelled; exit 1 with a short note.
    case cancelled(String)

    /// Always 1 (SPEC §7: cancelled).
    var exitStatus: ExitStatus { .nothingFound }

    /// The note printed after `copypasta: `.
    var description: String {
        switch self {
        case let .cancelled(message): message
        }
    }
}
