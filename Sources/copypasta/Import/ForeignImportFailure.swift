import CopypastaCore

/// Another clipboard manager's program could not be run or failed: nothing was imported.
struct ForeignImportFailure: CopypastaFailure {
    let message: String
    var exitStatus: ExitStatus { .unavailable }
    var description: String { message }
}
