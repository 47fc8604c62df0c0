import CopypastaCore

extension HistoryStore {
    /// Stores `text` as a new entry that takes over the title, tags (collections too), pin and
    /// source app of entry `id` of the history, and moves entry `id` to the trash; returns the
    /// new id (`copypasta edit`). One transaction: either both happen or neither.
    ///
    /// A captured text never changes (docs/DESIGN.md §5): the old entry stays in the trash, where
    /// `undelete` brings it back, without its title (a title belongs to one entry). With `key`
    /// the new entry is sealed as the old one was; a secure or local-only entry's successor
    /// stays on this machine as it did.
    public func replace(id: Int64, with text: String, at time: Timestamp, maxEntries: Int, seal key: SecretKey? = nil)
        throws(StoreError) -> Int64
    {
        guard !text.isEmpty else { throw StoreError.invalid("the text is empty") }
        return try writing { () throws(StoreError) in
            try requireExisting([id], trashed: false)
            let old = try entry(id: id)
            let local = try database.scalarInt("SELECT sync_local FROM entry WHERE id = ?", id) == 1
            if old.title != nil {
                try touchSync([.title], id: id)
                try database.run("UPDATE entry SET title = NULL WHERE id = ?", id)
            }
            try touchSync([.exists], id: id)
            try database.run("UPDATE entry SET trashed_at = ? WHERE id = ?", time.microseconds, id)
            let new = NewEntry(
                text: text, fingerprint: Fingerprint(of: text), source: .manual, sourceApp: old.sourceApp, capturedAt: time,
                syncLocal: local || key != nil)
            // Always a new row: an equal older entry is not the one edited.
            guard let newID = try insertOrMove(new, policy: .keep, maxEntries: maxEntries).id else {
                throw StoreError.invalid("the edited text was not stored")
            }
            if old.pinned {
                try touchSync([.pinned], id: newID)
                try database.run("UPDATE entry SET pinned = 1 WHERE id = ?", newID)
            }
            try tag(id: newID, old.tags)
            if let title = old.title { try name(id: newID, title) }
            if let key { try sealInTransaction(id: newID, key: key) }
            return newID
        }
    }

    /// Makes the tags of entry `id` exactly `tags`, collections aside (`edit --tags`): the
    /// others go, the missing ones come, in one transaction.
    public func setTags(id: Int64, _ tags: [String]) throws(StoreError) {
        for tag in tags { try Self.validate(tag: tag) }
        try database.transaction { () throws(StoreError) in
            try requireExisting([id], trashed: false)
            let wanted = Set(tags.map { $0.lowercased() })
            for old in try entry(id: id).tags where CollectionTag.name(ofTag: old) == nil && !wanted.contains(old.lowercased()) {
                try touchSync([.tags], id: id)
                try database.run(
                    "DELETE FROM entry_tag WHERE entry_id = ? AND tag_id = (SELECT id FROM tag WHERE name = ?)", id, old)
            }
            try tag(id: id, tags)
        }
    }
}
