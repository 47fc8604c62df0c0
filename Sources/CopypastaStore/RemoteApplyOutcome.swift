/// What applying one imported file did (`HistoryStore.applyRemote`).
public struct RemoteApplyOutcome: Sendable, Equatable {
    /// The file had been applied before (same device, seq, kind and digest): nothing was done.
    public var alreadyApplied = false
    /// Entries new to this machine.
    public var inserted = 0
    /// Entries whose pin, title, tags or existence changed.
    public var updated = 0
    /// Entries another machine deleted: moved to the trash, or deleted for good (`purged`).
    public var deleted = 0
    /// Of `deleted`, the entries deleted for good (their words purged from the index).
    public var purged = 0
    /// Acknowledgements of our segments taken.
    public var acks = 0
    /// Whether the file held entry records (only those are acknowledged).
    public var heldEntries = false
    /// The file carried a clock more than five minutes ahead of ours (logged; ours stayed).
    public var clockTooFarAhead = false

    /// An outcome with every count zero.
    public init() {}
}
