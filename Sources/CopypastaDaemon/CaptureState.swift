import CopypastaCore
import CopypastaX11

/// What the agent remembers between capture events.
struct CaptureState {
    /// The current foreign owner of each selection: the one a close notification is about.
    var owners: [Config.Selection: OwnerID] = [:]
    /// The entry captured from the current owner, for keep-alive.
    var ownerEntries: [Config.Selection: (owner: OwnerID, id: Int64)] = [:]
    /// Reads in flight: when their change happened and the owner's application.
    var reads: [ReadID: (time: Timestamp, app: String?)] = [:]
    /// The newest read of each selection whose text was stored.
    var newestStored: [Config.Selection: ReadID] = [:]
    /// The entry the last PRIMARY capture inserted, for the grow/shrink merge; nil when that capture
    /// moved an existing entry to the top, which a later state of the selection must never replace.
    var lastPrimary: (id: Int64, text: String, at: Double)?
    /// A PRIMARY change waiting for the mouse button or Shift to be released.
    var heldPrimary: OwnerChange?
    /// When to look again whether the PRIMARY gesture has ended.
    var primaryRecheckAt: Double?
    /// Feedback-loop guards per selection.
    var loopGuards: [Config.Selection: LoopGuard] = [:]
    /// A change that arrived while its selection's reads were suspended; read when they resume.
    var deferred: [Config.Selection: OwnerChange] = [:]
    /// Captures not yet stored because the database was busy, oldest first.
    var pendingStores: [PendingCapture] = []
    /// When to try storing `pendingStores` again.
    var storeRetryAt: Double?
    /// The current back-off between store attempts, in seconds.
    var storeRetryDelay = 0.0
}

/// Breaks feedback loops: an owner that re-sets the selection whenever it is
/// read (Klipper's LyX case) produces the same text again and again. More
/// than `limit` unchanged reads within one second suspend reads of that
/// selection for `pause` seconds; the last change is read once afterwards.
/// Bursts of different texts are never limited, so no distinct copy is lost.
struct LoopGuard {
    /// Unchanged reads allowed within `window`.
    static let limit = 10
    /// The counting window, in seconds.
    static let window = 1.0
    /// How long reads stop once the limit is passed, in seconds.
    static let pause = 1.0

    private var windowStart = 0.0
    private var unchanged = 0
    /// Reads are suspended until this time.
    private(set) var suspendedUntil: Double?

    /// Records a read that returned the last captured text; returns true when reads are now suspended.
    mutating func recordUnchanged(now: Double) -> Bool {
        if now - windowStart > Self.window {
            windowStart = now
            unchanged = 0
        }
        unchanged += 1
        guard unchanged > Self.limit else { return false }
        suspendedUntil = now + Self.pause
        unchanged = 0
        return true
    }

    /// Records a read of new text.
    mutating func recordChanged() {
        unchanged = 0
    }

    /// Whether reads are suspended at `now`; clears an expired suspension.
    mutating func isSuspended(now: Double) -> Bool {
        guard let until = suspendedUntil else { return false }
        if now >= until {
            suspendedUntil = nil
            return false
        }
        return true
    }
}
