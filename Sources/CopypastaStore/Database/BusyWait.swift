import CopypastaCore
import Glibc

/// SQLite's busy handler for one connection: it looks at the lock every millisecond until
/// `seconds` have passed.
///
/// SQLite's own timeout handler sleeps in growing steps (up to 100 ms) and so misses the short
/// gaps between another writer's transactions: a long import commits every batch and starts
/// the next one a few milliseconds later, and a daemon that only looks again 25 ms later waits
/// in vain for the whole import (docs/DESIGN.md §7). Looking every millisecond takes the lock in
/// the first gap; the cost is a wake-up per millisecond only while a write is waiting.
final class BusyWait {
    /// How long a statement waits for another connection's lock.
    var seconds = Double(HistoryStore.defaultBusyTimeout) / 1000
    /// When the current wait began (SQLite counts the calls of one wait from 0).
    private var start = 0.0
    /// The database's path, for the stamp file.
    private let databasePath: String
    /// Where the waits are announced, opened at the first wait (`WaitStamp`).
    private var waitStamp: WaitStamp?

    /// The busy handler of a connection to the database at `databasePath`.
    init(databasePath: String) {
        self.databasePath = databasePath
    }

    /// The C callback: `context` is the connection's `BusyWait`, `count` the number of earlier
    /// calls for this lock. Returns non-zero to try the lock again, 0 to give up (SQLITE_BUSY).
    static let handler: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { context, count in
        guard let context else { return 0 }
        let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
        let now = monotonicSeconds()
        if count == 0 {
            wait.start = now
            if wait.waitStamp == nil { wait.waitStamp = WaitStamp(databasePath: wait.databasePath) }
        }
        guard now - wait.start < wait.seconds else { return 0 }
        // A long writer reading the stamp commits and lets this connection in (the import).
        wait.waitStamp?.stamp()
        var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
        nanosleep(&pause, nil)
        return 1
    }
}
