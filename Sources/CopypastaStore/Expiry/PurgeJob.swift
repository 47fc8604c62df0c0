import CopypastaCore

/// A removal for good done in short transactions (docs/DESIGN.md §7): each `step()` deletes one
/// slice of entries or merges one slice of the full-text index, and then another writer (the
/// daemon storing a copy, a command) can take the database before the next step.
///
/// Steps are sized by time (`SliceBudget`), so a slice takes a few tens of milliseconds whether
/// the texts are short or long. When the last step returns, no byte of the removed texts is left
/// in the database files, and SQLite's spare memory is given back.
public final class PurgeJob {
    private let store: HistoryStore
    private let removals: [Removal]
    private var ids: ArraySlice<Int64>
    private var current = 0
    private var merging = false
    private var mergeSteps = 0
    /// Merge slices after which the job rewrites the rest of the index at once.
    ///
    /// A write between two slices adds a segment, so a busy writer can keep the merge going; and
    /// SQLite 3.40's FTS5 damages its index after some 500 negative merges each followed by an
    /// insert (a case the tests reproduce with the sqlite3 shell). A 1,000,000-entry index
    /// takes about 10 slices.
    static let mergeStepLimit = 100
    private var rows = SliceBudget(initial: 500, range: 50...4000)
    private var pages = SliceBudget(initial: 200, range: 16...4000)
    /// After the merge: free pages given back to the file system, in slices.
    private var vacuuming = false
    private var freePages = SliceBudget.freePages
    /// How many entries each of the removals deleted, in order.
    public private(set) var removedBy: [Int]
    /// How many entries given by id were deleted.
    public private(set) var removedIDs = 0
    /// True once the last step ran.
    public private(set) var isFinished = false

    /// A job that deletes the entries `ids`, then those each of `removals` selects, and purges.
    public init(store: HistoryStore, ids: [Int64] = [], removals: [Removal] = []) {
        self.store = store
        self.ids = ids[...]
        self.removals = removals
        removedBy = Array(repeating: 0, count: removals.count)
    }

    /// Every entry the job deleted.
    public var removed: Int { removedIDs + removedBy.reduce(0, +) }

    /// Does one bounded slice of the work (deleting, merging the index, giving free pages back);
    /// returns true once the job is finished.
    public func step() throws(StoreError) -> Bool {
        guard !isFinished else { return true }
        if !merging {
            if try removeOneSlice() { return false }
            merging = true
            // Nothing removed now or by a job cut short before: nothing to purge.
            if removed == 0, try store.unpurgedCount() == 0 {
                try store.sweepReleasedPayloads()
                isFinished = true
                return true
            }
        }
        if !vacuuming {
            guard try mergeOneSlice() else { return false }
            vacuuming = true
        }
        let start = monotonicSeconds()
        let done = try store.vacuumSlice(pages: freePages.amount)
        freePages.adjust(elapsed: monotonicSeconds() - start)
        guard done else { return false }
        try store.finishPurge()
        // After the commit: the rows are gone for good, so their files may go (docs/DESIGN.md
        // "The library"); a crash before this leaves rows the next sweep finishes.
        try store.sweepReleasedPayloads()
        isFinished = true
        return true
    }

    /// Merges one slice of the full-text index; true once the merge is done.
    private func mergeOneSlice() throws(StoreError) -> Bool {
        mergeSteps += 1
        if mergeSteps > Self.mergeStepLimit {
            try store.optimizeIndex()
            return true
        }
        let start = monotonicSeconds()
        let done = try store.mergeIndexSlice(pages: pages.amount)
        pages.adjust(elapsed: monotonicSeconds() - start)
        return done
    }

    /// Runs the job to its end, calling `between` between two steps (a command lets the daemon
    /// take the database there); returns how many entries it deleted.
    @discardableResult
    public func run(between: () -> Void = HistoryStore.yieldToOtherWriters) throws(StoreError) -> Int {
        while try !step() { between() }
        return removed
    }

    /// Deletes one slice of what is left to delete; false when nothing was left.
    private func removeOneSlice() throws(StoreError) -> Bool {
        let start = monotonicSeconds()
        defer { rows.adjust(elapsed: monotonicSeconds() - start) }
        if !ids.isEmpty {
            let slice = ids.prefix(rows.amount)
            ids = ids.dropFirst(slice.count)
            removedIDs += try store.removeSlice(ids: slice)
            return true
        }
        while current < removals.count {
            let limit = rows.amount
            let count = try store.removeSlice(removals[current], limit: limit)
            removedBy[current] += count
            if count == limit { return true }
            current += 1
            if count > 0 { return true }
        }
        return false
    }
}

/// How much one slice does, adjusted after each so that slices take about `target` seconds:
/// long enough that the job is not mostly transaction overhead, short enough that a capture
/// waiting for the database (the daemon waits at most 100 ms) gets it in time.
struct SliceBudget {
    /// The seconds one slice should take.
    static let target = 0.025
    /// Rows or pages for the next slice.
    private(set) var amount: Int
    /// Free pages given back to the file system in one slice (`PRAGMA incremental_vacuum`).
    static var freePages: SliceBudget { SliceBudget(initial: 1024, range: 64...65536) }
    private let range: ClosedRange<Int>

    /// A budget starting at `initial`, kept within `range`.
    init(initial: Int, range: ClosedRange<Int>) {
        amount = initial
        self.range = range
    }

    /// Halves the amount after a slice that took more than twice the target, doubles it after
    /// one that took less than half of it.
    mutating func adjust(elapsed: Double) {
        if elapsed > 2 * Self.target {
            amount = max(range.lowerBound, amount / 2)
        } else if elapsed < Self.target / 2 {
            amount = min(range.upperBound, amount * 2)
        }
    }
}
