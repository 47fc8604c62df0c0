import CopypastaCore

/// One line of the sync activity log (`copypasta sync log`): failures, imports, decrypt errors.
public struct SyncLogEntry: Sendable, Equatable {
    /// Increasing id.
    public var id: Int64
    /// When it happened.
    public var at: Timestamp
    /// `info`, `warning` or `error`.
    public var level: String
    /// The device it concerns, if any.
    public var device: String?
    /// A short stable word for scripts: `import`, `write-failed`, `decrypt`, `clock-ahead`…
    public var code: String
    /// One line for people.
    public var detail: String

    /// A log entry with every field given.
    public init(id: Int64, at: Timestamp, level: String, device: String?, code: String, detail: String) {
        self.id = id
        self.at = at
        self.level = level
        self.device = device
        self.code = code
        self.detail = detail
    }
}
