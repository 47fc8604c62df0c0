/// An error carried over the socket: an exit status and a one-line message.
public struct IPCError: Error, Equatable, Sendable {
    /// The status the client exits with.
    public var status: ExitStatus
    /// The message the client prints.
    public var message: String

    /// An error with `status` and `message`.
    public init(status: ExitStatus, message: String) {
        self.status = status
        self.message = message
    }
}
