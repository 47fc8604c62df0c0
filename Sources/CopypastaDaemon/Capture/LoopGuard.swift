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
