import CopypastaCore

/// Writing merged registers, remote entries, acknowledgements and imported files (the rows
/// behind `applyRemote`). Must run inside its transaction.
extension HistoryStore {
    /// Which kinds of change `applyRegisters` made.
    struct RegisterChanges {
        var any = false
        var deleted = false
        /// The entry was deleted for good: the full-text index must be purged of its words.
        var purged = false
    }

    /// Writes the registers of `merged` that differ from `local`'s row, every one of
    /// `SyncRegister.allCases` in turn (existence first: a purge ends the entry).
    func applyRegisters(_ merged: SyncEntryRecord, to local: SyncRow, now: Timestamp) throws(StoreError) -> RegisterChanges {
        var changes = RegisterChanges()
        let id = local.id
        for register in SyncRegister.allCases where register.differs(merged, local.record) {
            changes.any = true
            switch register {
            case .exists:
                try applyExistence(merged, to: local, now: now, changes: &changes)
                if changes.purged { return changes }
            case .pinned:
                try database.run("UPDATE entry SET pinned = ?, pinned_at = ? WHERE id = ?", merged.pinned, merged.pinnedAt, id)
            case .title: try setRemoteTitle(merged.title, at: merged.titleAt, id: id)
            case .tags:
                try database.run("DELETE FROM entry_tag WHERE entry_id = ?", id)
                try tag(id: id, merged.tags.filter { TagName.problem($0) == nil }, touch: false)
                try database.run("UPDATE entry SET tags_at = ? WHERE id = ?", merged.tagsAt, id)
            case .file: try setRemoteFile(merged.file, at: merged.fileAt, id: id)
            case .link: try setRemoteLink(merged.link, at: merged.linkAt, id: id)
            }
        }
        return changes
    }

    /// The existence register of `merged` on `local`'s row: back on top, deleted for good, or
    /// moved to the trash.
    private func applyExistence(_ merged: SyncEntryRecord, to local: SyncRow, now: Timestamp, changes: inout RegisterChanges)
        throws(StoreError)
    {
        let id = local.id
        if merged.exists {
            // Copied again (or undeleted) elsewhere, later: back in the history, on top.
            let captured = merged.capturedAt.flatMap(Timestamp.parseISO8601)?.microseconds
            try database.run(
                """
                UPDATE entry SET trashed_at = NULL, captured_at = coalesce(?, captured_at), source = coalesce(?, source),
                    source_app = ?, seq = ? WHERE id = ?
                """, captured, merged.source, merged.sourceApp, try seqAboveAll(), id)
        } else if merged.purge {
            // Deleted for good elsewhere (`delete --purge`, made secure or local-only): gone
            // here too, trash included. The tombstone stays, so an old copy cannot revive it.
            try database.run(
                """
                INSERT INTO sync_tombstone (gid, at, sync_state, purge) VALUES (?, ?, \(SyncStage.received), 1)
                ON CONFLICT (gid) DO UPDATE SET at = excluded.at, sync_state = \(SyncStage.received), purge = 1 WHERE excluded.at >= sync_tombstone.at
                """, merged.gid, merged.existsAt)
            try database.run("DELETE FROM entry WHERE id = ?", id)
            changes.deleted = true
            changes.purged = true
            return
        } else if !local.trashed {
            try database.run("UPDATE entry SET trashed_at = ? WHERE id = ?", now.microseconds, id)
            changes.deleted = true
        }
        try database.run("UPDATE entry SET exists_at = ? WHERE id = ?", merged.existsAt, id)
    }

    /// Sets a title from another machine. A title another local entry holds stays with that
    /// entry (titles are unique here); the clock is taken anyway, so the merge does not repeat.
    private func setRemoteTitle(_ title: String?, at clock: Int64, id: Int64) throws(StoreError) {
        var title = title
        if let wanted = title {
            let taken = try database.scalarInt("SELECT 1 FROM entry WHERE title = ? COLLATE NOCASE AND id != ?", wanted, id)
            if SnippetTitle.problem(wanted) != nil || taken != nil {
                title = try database.scalarText("SELECT title FROM entry WHERE id = ?", id)
            }
        }
        try database.run("UPDATE entry SET title = ?, title_at = ? WHERE id = ?", title, clock, id)
        if title != nil { try database.run("UPDATE entry SET pinned = 1 WHERE id = ?", id) }
    }

    /// Inserts an entry new to this machine, as received (state 3): on top, like a copy made
    /// here; an entry another machine imported goes below the history, as it went there, so a
    /// bulk import elsewhere neither buries this machine's recent copies nor pushes them out.
    /// Returns the new entry's id, nil when the record had no text.
    @discardableResult
    func insertRemote(_ record: SyncEntryRecord, now: Timestamp) throws(StoreError) -> Int64? {
        guard let text = record.text, !text.isEmpty else { return nil }
        let source = record.source.flatMap(EntrySource.init(rawValue:)) ?? .imported
        let new = NewEntry(
            text: text, fingerprint: Fingerprint(of: text), source: source, sourceApp: record.sourceApp,
            capturedAt: record.capturedAt.flatMap(Timestamp.parseISO8601) ?? now, pinned: record.pinned)
        let id = try insert(new, seq: source == .imported ? try seqBelowAll() : try seqAboveAll())
        let clocks = SyncRegister.allCases.map { "\($0.rawValue) = ?" }.joined(separator: ", ")
        let values: [(any SQLValue)?] = [record.gid] + SyncRegister.allCases.map { record[keyPath: $0.clock] } + [id]
        try database.with(
            "UPDATE entry SET gid = ?, sync_state = \(SyncStage.received), sync_local = 0, \(clocks) WHERE id = ?", values
        ) { statement throws(StoreError) in try statement.run() }
        for register in SyncRegister.allCases {
            switch register {
            case .exists, .pinned: break  // `insert` stored them (`NewEntry`)
            case .title: try setRemoteTitle(record.title, at: record.titleAt, id: id)
            case .tags: try tag(id: id, record.tags.filter { TagName.problem($0) == nil }, touch: false)
            case .file: try setRemoteFile(record.file, at: record.fileAt, id: id)
            case .link: try setRemoteLink(record.link, at: record.linkAt, id: id)
            }
        }
        try database.run("DELETE FROM sync_tombstone WHERE gid = ?", record.gid)
        try database.run("DELETE FROM sync_forgotten WHERE gid = ?", record.gid)
        return id
    }

    /// Takes the acknowledgements addressed to us (`me`) from `device`; returns how many.
    func takeAcks(_ records: [SyncRecord], from device: String, me: String, now: Timestamp) throws(StoreError) -> Int {
        var count = 0
        for case let .ack(ack) in records where ack.dev == me {
            try database.run("INSERT INTO sync_peer (device) VALUES (?) ON CONFLICT (device) DO NOTHING", device)
            try database.run(
                "UPDATE sync_peer SET acked_seq = max(acked_seq, ?), last_ack_at = ? WHERE device = ?", ack.seq,
                now.microseconds, device)
            count += 1
        }
        return count
    }

    /// Remembers the file as applied and moves the device's contiguous received prefix: a pack
    /// p-N covers every seq up to N; segments extend the prefix one by one, so a gap holds it.
    func recordFile(device: String, seq: Int64, kind: SyncFileKind, sha: [UInt8], heldEntries: Bool, now: Timestamp)
        throws(StoreError)
    {
        try database.run(
            """
            INSERT INTO sync_file (device, seq, kind, sha, entries) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (device, seq, kind) DO UPDATE SET sha = excluded.sha, entries = excluded.entries
            """, device, seq, kind.rawValue, sha, heldEntries)
        try database.run("INSERT INTO sync_peer (device) VALUES (?) ON CONFLICT (device) DO NOTHING", device)
        var received = try database.scalarInt("SELECT received_seq FROM sync_peer WHERE device = ?", device) ?? 0
        received = max(
            received,
            try database.scalarInt("SELECT max(seq) FROM sync_file WHERE device = ? AND kind = 'pack'", device) ?? 0)
        while try database.scalarInt("SELECT 1 FROM sync_file WHERE device = ? AND seq = ?", device, received + 1) != nil {
            received += 1
        }
        try database.run(
            "UPDATE sync_peer SET received_seq = ?, last_received_at = ? WHERE device = ?", received, now.microseconds, device)
    }
}
