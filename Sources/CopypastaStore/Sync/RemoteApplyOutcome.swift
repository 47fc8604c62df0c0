import CopypastaCore

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

    /// The newest entry new to this machine that was captured from another machine's CLIPBOARD,
    /// for `sync-clipboard` to put on this machine's clipboard.
    public var arrival: RemoteArrival?

    /// An outcome with every count zero.
    public init() {}
}

/// An entry another machine copied, just stored here (`RemoteApplyOutcome.arrival`).
public struct RemoteArrival: Sendable, Equatable {
    /// The entry's id here.
    public var id: Int64
    /// When the other machine captured it, by its clock.
    public var capturedAt: Timestamp
}
