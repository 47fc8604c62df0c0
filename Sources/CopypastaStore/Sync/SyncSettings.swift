import CopypastaCore

/// The persisted sync switches (docs/DESIGN.md §14.4): they live in the database, so `sync off`
/// and `sync pause` hold across daemon restarts and work without a daemon.
public struct SyncSettings: Sendable, Equatable {
    /// `sync on`: entries are queued, written and imported.
    public var enabled: Bool
    /// `sync pause`: entries are still queued, but nothing is written or imported.
    public var paused: Bool
    /// When `sync setup` (or `sync init`/`join`) recorded that this machine was set up.
    public var setupAt: Timestamp?

    /// Settings with the given values.
    public init(enabled: Bool, paused: Bool, setupAt: Timestamp?) {
        self.enabled = enabled
        self.paused = paused
        self.setupAt = setupAt
    }

    /// Whether this machine takes part in sync at all: listings show the sync column from then on.
    public var isSetUp: Bool { enabled || setupAt != nil }
}
