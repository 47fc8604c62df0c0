import CopypastaCore

extension HistoryStore {
    /// Clocks a transaction hands out from memory (issue 19): the last clock is read once when the
    /// range begins and stored once when it ends, instead of a read and a write of the state table
    /// per change. Each clock is still one above the last issued, so the clocks stay unique and in
    /// the order of the changes, above every clock issued or received before (docs/DESIGN.md §14.3):
    /// the transaction holds the write lock, so no other clock is issued or received meanwhile.
    struct ClockRange {
        /// The last clock handed out.
        var issued: Int64
        /// Whether sync is on, read once: nothing in the transaction switches it.
        let syncEnabled: Bool
    }

    /// Runs `body`, which must run inside a transaction, with the clocks it takes (`nextClock`)
    /// from one range; a range already open is used on.
    ///
    /// The range starts at the clock `nextClock` would have returned; a long transaction's
    /// clocks count up from its start rather than follow the wall clock, as clocks issued within
    /// one millisecond do.
    func withClockRange<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard clockRange == nil else { return try body() }
        let last = try database.scalarInt("SELECT value FROM state WHERE key = 'sync-hlc'") ?? 0
        let first = HybridClock.next(last: last, wallMilliseconds: wallClock())
        clockRange = ClockRange(issued: first - 1, syncEnabled: try isSyncEnabled())
        defer { clockRange = nil }
        let value = try body()
        if let issued = clockRange?.issued, issued > last { try setState("sync-hlc", issued) }
        return value
    }
}
