import CopypastaCore

extension HistoryStore {
    /// Stores a text added by hand (`copypasta add`) with its pin and tags, all in one transaction.
    ///
    /// `confirm` runs with the entry's id just before the commit; when it
    /// throws (the id could not be printed), everything is rolled back. So an
    /// entry exists only if the command could report it, and a command that
    /// reports a failure has stored nothing. The last fingerprint is left alone.
    public func add(
        _ text: String, at time: Timestamp, policy: DuplicatePolicy, maxEntries: Int, pinned: Bool, tags: [String],
        confirm: (Int64) throws -> Void
    ) throws -> Int64 {
        guard !text.isEmpty else { throw StoreError.invalid("nothing to add: the text is empty") }
        try tags.forEach(Self.validate(tag:))
        let new = NewEntry(text: text, fingerprint: Fingerprint(of: text), source: .manual, sourceApp: nil, capturedAt: time)
        return try database.transaction {
            let id: Int64
            switch try insertOrMove(new, policy: policy, maxEntries: maxEntries) {
            case let .inserted(inserted), let .moved(inserted): id = inserted
            case .unchanged: preconditionFailure("a manual add never reports an unchanged outcome")
            }
            if pinned { try database.run("UPDATE entry SET pinned = 1 WHERE id = ?", id) }
            try tag(id: id, tags)
            try confirm(id)
            return id
        }
    }
}
