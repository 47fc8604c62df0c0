import CopypastaCore
import CopypastaX11

/// What the capture policy remembers between capture events. Reads in flight are not here:
/// each is carried by its conversion (`SelectionRead`) until it reports its outcome.
struct CaptureState {
    /// The current foreign owner of each selection: the one a close notification is about.
    var owners: [Config.Selection: OwnerID] = [:]
    /// The entry captured from the current owner, for keep-alive.
    var ownerEntries: [Config.Selection: (owner: OwnerID, id: Int64)] = [:]
    /// The newest read of each selection whose text was stored.
    var newestStored: [Config.Selection: ReadID] = [:]
    /// The entry the last capture of each selection inserted, for the grow/shrink merge; none when
    /// that capture moved an existing entry to the top, which a later state of the selection must
    /// never replace. `owner` is nil once that owner went away: the server may give its window id
    /// to the next client, which is not the same owner.
    var lastInserted: [Config.Selection: (id: Int64, text: String, at: Double, owner: OwnerID?)] = [:]
    /// A PRIMARY change waiting for the mouse button or Shift to be released.
    var heldPrimary: OwnerChange?
    /// When to look again whether the PRIMARY gesture has ended.
    var primaryRecheckAt: Double?
    /// Feedback-loop guards per selection.
    var loopGuards: [Config.Selection: LoopGuard] = [:]
    /// A change that arrived while its selection's reads were suspended; read when they resume.
    var deferred: [Config.Selection: OwnerChange] = [:]
    /// The reads started on each selection that have not ended yet.
    var openReads: [Config.Selection: Set<ReadID>] = [:]
    /// Texts that arrived while a newer read of their selection had not yet shown whether its
    /// owner is skipped; they wait for that verdict (CapturePolicy+Overtaking.swift).
    var held: [Config.Selection: [(read: SelectionRead, text: String, repaired: Bool)]] = [:]
    /// A text of a read older than this one may be the skipped owner's: it is dropped.
    var skippedOwnerRead: [Config.Selection: ReadID] = [:]
    /// Captures not yet stored because the database was busy, oldest first.
    var pendingStores: [PendingCapture] = []
    /// When to try storing `pendingStores` again.
    var storeRetryAt: Double?
    /// The current back-off between store attempts, in seconds.
    var storeRetryDelay = 0.0
    /// A finished selection waiting to be copied onto the other (copy-on-select, CapturePolicy+Mirror.swift).
    var mirror: SelectionMirror?
    /// When each watched selection last got a foreign owner (monotonic seconds), for `select-settle`.
    var lastOwnerChange: [Config.Selection: Double] = [:]
}

/// A converted text on its way into the database, kept in memory while the database is busy
/// (another process holds the write lock longer than the daemon's short busy timeout).
struct PendingCapture {
    /// The text.
    var text: String
    /// The read that produced it: selection, owner, change time and application.
    var read: SelectionRead
    /// The PRIMARY entry this text supersedes, if any.
    var replacing: Int64?
    /// Whether no newer read of the selection was stored before this one.
    var isNewest: Bool

    /// The selection it came from.
    var selection: Config.Selection { read.selection }
    /// The owner's application, if known.
    var app: String? { read.app }
}
