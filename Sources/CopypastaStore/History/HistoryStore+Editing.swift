import CopypastaCore

extension HistoryStore {
    /// Deletes entries for good, from the history or the trash; when any id is unknown, nothing
    /// is deleted and `noSuchEntry` names it. When it returns, no byte of the deleted texts is
    /// left in the database files.
    ///
    /// The work is linear in the number of ids and done in short transactions (`PurgeJob`), so
    /// the daemon stores copies made meanwhile.
    public func delete(ids: [Int64]) throws(StoreError) {
        try requireExisting(ids)
        try PurgeJob(store: self, ids: ids).run()
    }

    /// Deletes every unpinned entry of the history, or every entry with `includePinned`, and
    /// the whole trash, for good; returns how many. When it returns, no byte of the deleted
    /// texts is left in the database files.
    public func clear(includePinned: Bool) throws(StoreError) -> Int {
        try clearJob(includePinned: includePinned).run()
    }

    /// The job `clear` runs: what is stored when it is made, not a copy stored while it runs.
    public func clearJob(includePinned: Bool) throws(StoreError) -> PurgeJob {
        let newest = try database.scalarInt("SELECT max(seq) FROM entry") ?? 0
        return PurgeJob(store: self, removals: [.all(includePinned: includePinned, throughSeq: newest)])
    }

    /// How many entries `clear` would delete, from the counts the state table keeps.
    public func count(includePinned: Bool) throws(StoreError) -> Int {
        let (entries, pinned) = try counts()
        return includePinned ? entries : entries - pinned
    }

    /// Adds inserted entries to the counts of the state table: whoever inserts counts
    /// (`Schema.countedByWriters`); triggers count what deleting, trashing and pinning change.
    func addToCounts(entries: Int, pinned: Int) throws(StoreError) {
        guard entries != 0 || pinned != 0 else { return }
        try database.run(
            "UPDATE state SET value = value + iif(key = 'entries', ?, ?) WHERE key IN ('entries', 'pinned')", entries, pinned)
    }

    /// All entries and pinned entries, as kept in the state table.
    func counts() throws(StoreError) -> (entries: Int, pinned: Int) {
        try database.with("SELECT key, value FROM state WHERE key IN ('entries', 'pinned')") { row throws(StoreError) in
            let key = try row.column("key"), value = try row.column("value")
            var entries = 0, pinned = 0
            while try row.step() {
                if row.text(key) == "entries" { entries = Int(row.int(value)) } else { pinned = Int(row.int(value)) }
            }
            return (entries, pinned)
        }
    }

    /// Pins or unpins entries; all ids must exist.
    public func setPinned(ids: [Int64], _ pinned: Bool) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try requireExisting(ids, trashed: false)
            if !pinned { try requireUnnamed(ids) }
            for id in ids {
                try touchSync([.pinned], where: "id = ? AND pinned != ?", [id, pinned])
                try database.run("UPDATE entry SET pinned = ? WHERE id = ?", pinned, id)
            }
        }
    }

    /// Adds tags to an entry. A tag keeps the casing it was first seen with.
    public func addTags(id: Int64, _ tags: [String]) throws(StoreError) {
        for tag in tags { try Self.validate(tag: tag) }
        try database.transaction { () throws(StoreError) in
            try requireExisting([id], trashed: false)
            try tag(id: id, tags)
        }
    }

    /// Removes tags from an entry; tags it does not carry are ignored.
    public func removeTags(id: Int64, _ tags: [String]) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try requireExisting([id], trashed: false)
            for tag in tags {
                try touchSync(
                    [.tags],
                    where:
                        "id = ? AND EXISTS (SELECT 1 FROM entry_tag et JOIN tag t ON t.id = et.tag_id WHERE et.entry_id = entry.id AND t.name = ?)",
                    [id, tag])
                try database.run(
                    "DELETE FROM entry_tag WHERE entry_id = ? AND tag_id = (SELECT id FROM tag WHERE name = ?)", id, tag)
            }
        }
    }

    /// Attaches tags inside a running transaction; a local change (`touch`) queues the entry for sync.
    func tag(id: Int64, _ tags: [String], touch: Bool = true) throws(StoreError) {
        for tag in tags {
            try database.run("INSERT INTO tag (name) VALUES (?) ON CONFLICT (name) DO NOTHING", tag)
            try database.run("INSERT OR IGNORE INTO entry_tag (entry_id, tag_id) SELECT ?, id FROM tag WHERE name = ?", id, tag)
            if touch, database.changes > 0 { try touchSync([.tags], id: id) }
        }
    }

    /// Tags follow `TagName`'s rule, the one the command line checks before it writes anything.
    static func validate(tag: String) throws(StoreError) {
        if let problem = TagName.problem(tag) { throw StoreError.invalid(problem) }
    }

    /// Throws for the first id that is not an entry in the trash (`trashed` true), in the
    /// history (false) or either (nil): `elsewhere` when it is on the other side, so the message
    /// does not deny an entry `list` or `trash` shows, else `noSuchEntry`.
    func requireExisting(_ ids: [Int64], trashed: Bool? = nil) throws(StoreError) {
        let place =
            switch trashed {
            case nil: ""
            case true?: " AND trashed_at IS NOT NULL"
            case false?: " AND trashed_at IS NULL"
            }
        for id in ids where try database.scalarInt("SELECT 1 FROM entry WHERE id = ?" + place, id) == nil {
            if let trashed, try database.scalarInt("SELECT 1 FROM entry WHERE id = ?", id) != nil {
                throw StoreError.elsewhere(id, inTrash: !trashed)
            }
            throw StoreError.noSuchEntry(id)
        }
    }
}
