import CopypastaCore

/// The archive queue as the worker and `archive retry` use it (docs/DESIGN.md "Link archives");
/// the link rows themselves are in HistoryStore+Library.swift.
extension HistoryStore {
    /// The reason a pending link keeps while the worker archives it: still there when the worker
    /// comes back to the link, it says the last run stopped in the middle (a crash or the
    /// daemon's deadline).
    public static let interruptedArchiveReason = "interrupted: the archive worker stopped while archiving"

    /// Marks pending link `id` as being archived now (`interruptedArchiveReason`).
    public func markArchiving(id: Int64) throws(StoreError) {
        try writing { () throws(StoreError) in
            try database.run(
                "UPDATE entry_link SET reason = ? WHERE entry_id = ? AND archive = 'pending'", Self.interruptedArchiveReason, id)
        }
    }

    /// Queues the archive of entry `id`, which holds the URL `url` (a link captured with
    /// `archive-links = all`): it gains its link row, pending.
    public func queueArchive(id: Int64, url: String) throws(StoreError) {
        try writing { () throws(StoreError) in
            guard try database.scalarInt("SELECT 1 FROM entry WHERE id = ?", id) != nil else { throw .noSuchEntry(id) }
            try setLinkInTransaction(id: id, url: url, title: nil, archive: true)
        }
    }

    /// Queues again the archives of `ids` (each must carry a link), or with nil of every failed
    /// link; the attempts start from zero. Returns how many links were queued.
    @discardableResult
    public func retryArchives(ids: [Int64]?) throws(StoreError) -> Int {
        try writing { () throws(StoreError) in
            guard let ids else {
                try database.run(
                    "UPDATE entry_link SET archive = 'pending', reason = NULL, attempts = 0 WHERE archive = 'failed'")
                return database.changes
            }
            for id in ids {
                try database.run("UPDATE entry_link SET archive = 'pending', reason = NULL, attempts = 0 WHERE entry_id = ?", id)
                guard database.changes > 0 else { throw .noSuchEntry(id) }
            }
            return ids.count
        }
    }
}
