import CopypastaCore

extension HistoryStore {
    /// Stores a text added by hand (`copypasta add`) with its pin and tags, all in one transaction.
    ///
    /// `confirm` runs with the entry's id just before the commit; when it
    /// throws (the id could not be printed), everything is rolled back. So an
    /// entry exists only if the command could report it, and a command that
    /// reports a failure has stored nothing. The last fingerprint is left alone. With `key` the
    /// entry is made secure in the same transaction (`add --secure`).
    @discardableResult
    public func add(
        _ text: String, at time: Timestamp, policy: DuplicatePolicy, maxEntries: Int, pinned: Bool = false,
        tags: [String] = [], title: String? = nil, seal key: SecretKey? = nil, syncLocal: Bool = false,
        confirm: (Int64) throws -> Void = { _ in }
    ) throws -> Outcome {
        guard !text.isEmpty else { throw StoreError.invalid("nothing to add: the text is empty") }
        for tag in tags { try Self.validate(tag: tag) }
        if let title { try Self.validate(title: title) }
        let new = NewEntry(
            text: text, fingerprint: Fingerprint(of: text), source: .manual, sourceApp: nil, capturedAt: time,
            syncLocal: syncLocal || key != nil)
        return try writingRethrowing {
            let outcome = try insertOrMove(new, policy: policy, maxEntries: maxEntries)
            guard let id = outcome.id else { preconditionFailure("a manual add always inserts or moves an entry") }
            if pinned {
                try touchSync([.pinned], where: "id = ? AND pinned = 0", [id])
                try database.run("UPDATE entry SET pinned = 1 WHERE id = ?", id)
            }
            try tag(id: id, tags)
            if let title { try name(id: id, title) }
            if let key { try sealInTransaction(id: id, key: key) }
            try confirm(id)
            return outcome
        }
    }
}
