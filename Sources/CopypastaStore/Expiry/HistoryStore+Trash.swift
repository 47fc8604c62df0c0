import CopypastaCore

/// What an expiry pass removed for good.
public struct ExpirySummary: Sendable, Equatable {
    /// Entries that had been in the trash longer than trash-days.
    public var fromTrash = 0
    /// Entries older than max-age.
    public var tooOld = 0

    /// A summary with the given counts.
    public init(fromTrash: Int = 0, tooOld: Int = 0) {
        self.fromTrash = fromTrash
        self.tooOld = tooOld
    }
}

extension HistoryStore {
    /// Moves entries of the history to the trash at `time`; when any id is not in the history,
    /// nothing moves and `noSuchEntry` names it. Nothing is erased: the text, tags and pin stay
    /// until the trash is purged.
    ///
    /// 100,000 ids move in slices of `trashSlice`, a transaction each, so the daemon stores
    /// copies meanwhile (docs/DESIGN.md §7).
    public func trash(ids: [Int64], at time: Timestamp) throws(StoreError) {
        try requireExisting(ids, trashed: false)
        var rest = ids[...]
        while !rest.isEmpty {
            let slice = rest.prefix(Self.trashSlice)
            rest = rest.dropFirst(slice.count)
            try moveToTrash(slice, at: time)
            if !rest.isEmpty { Self.yieldToOtherWriters() }
        }
    }

    /// Moves every unpinned entry of the history (every entry with `includePinned`) to the
    /// trash at `time`, in slices as `trash(ids:at:)`; returns how many moved. A copy stored
    /// while it runs (above the newest ordering position at the start) stays.
    public func trashAll(includePinned: Bool, at time: Timestamp) throws(StoreError) -> Int {
        let newest = try database.scalarInt("SELECT max(seq) FROM entry") ?? 0
        let filter = "trashed_at IS NULL AND seq <= ?" + (includePinned ? "" : " AND pinned = 0")
        var moved = 0
        while true {
            let ids = try database.with("SELECT id FROM entry WHERE \(filter) LIMIT ?", [newest, Int64(Self.trashSlice)]) {
                row throws(StoreError) in
                var ids: [Int64] = []
                while try row.step() { ids.append(row.int(0)) }
                return ids
            }
            moved += try moveToTrash(ids[...], at: time)
            guard ids.count == Self.trashSlice else { return moved }
            Self.yieldToOtherWriters()
        }
    }

    /// Entries moved to the trash per transaction.
    static let trashSlice = 1000

    /// Moves `ids` of the history to the trash in one transaction; returns how many moved.
    @discardableResult
    private func moveToTrash(_ ids: ArraySlice<Int64>, at time: Timestamp) throws(StoreError) -> Int {
        guard !ids.isEmpty else { return 0 }
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        return try database.transaction { () throws(StoreError) in
            let chosen = "trashed_at IS NULL AND id IN (SELECT value FROM json_each(?))"
            try touchSync([.exists], where: chosen, [list])
            try database.run("UPDATE entry SET trashed_at = ? WHERE " + chosen, time.microseconds, list)
            return database.changes
        }
    }

    /// Brings entries back from the trash to their old place, with their tags and pin; when any
    /// id is not in the trash, nothing moves and `noSuchEntry` names it.
    public func undelete(ids: [Int64]) throws(StoreError) {
        try writing { () throws(StoreError) in
            try requireExisting(ids, trashed: true)
            for id in ids {
                try touchSync([.exists], id: id)
                try database.run("UPDATE entry SET trashed_at = NULL WHERE id = ?", id)
            }
        }
    }

    /// Deletes every entry in the trash for good, in short transactions (`PurgeJob`); returns
    /// how many. When it returns, no byte of their texts is left in the database files.
    public func emptyTrash() throws(StoreError) -> Int {
        try PurgeJob(store: self, removals: [.trash]).run()
    }

    /// How many entries are in the trash, from the count the triggers keep.
    public func trashCount() throws(StoreError) -> Int {
        Int(try database.scalarInt("SELECT value FROM state WHERE key = 'trashed'") ?? 0)
    }

    /// Purges, as of `now`, the entries trashed more than `trashDays` days ago and, when
    /// `maxAgeSeconds` is set, the unpinned, unnamed, untagged entries captured longer ago than that
    /// (in the history or the trash). Both go through indexes: nothing due costs two look-ups.
    /// When it returns, no byte of the purged texts is left in the database files.
    @discardableResult
    public func expire(now: Timestamp, trashDays: Int, maxAgeSeconds: Int?) throws(StoreError) -> ExpirySummary {
        let job = expiryJob(now: now, trashDays: trashDays, maxAgeSeconds: maxAgeSeconds)
        try job.run()
        return ExpirySummary(job)
    }

    /// The job `expire` runs, for a caller that runs its steps between other work (the daemon's
    /// loop, docs/DESIGN.md §2); `ExpirySummary(job)` counts what it removed.
    public func expiryJob(now: Timestamp, trashDays: Int, maxAgeSeconds: Int?) -> PurgeJob {
        var removals = [Removal.trashedBefore(Timestamp(microseconds: now.microseconds - Int64(trashDays) * 86_400_000_000))]
        if let maxAgeSeconds {
            removals.append(.capturedBefore(Timestamp(microseconds: now.microseconds - Int64(maxAgeSeconds) * 1_000_000)))
        }
        return PurgeJob(store: self, removals: removals)
    }
}

extension ExpirySummary {
    /// What the job of `HistoryStore.expiryJob` removed so far.
    public init(_ job: PurgeJob) {
        self.init(fromTrash: job.removedBy.first ?? 0, tooOld: job.removedBy.dropFirst().first ?? 0)
    }
}
