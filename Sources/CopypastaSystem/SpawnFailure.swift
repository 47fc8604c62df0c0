import Glibc

/// A helper process could not be started.
public struct SpawnFailure: Error, CustomStringConvertible {
    /// What failed, for the log or the user.
    public let description: String

    /// A failure to run `program` with errno `code`.
    init(_ program: String, _ code: Int32) {
        description = "cannot run \(program): \(SystemError.describe(code))"
    }
}
