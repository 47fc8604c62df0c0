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

    /// Writes the registers of `merged` that differ from `local`'s row.
    func applyRegisters(_ merged: EntryRecord, to local: SyncRow, now: Timestamp) throws(StoreError) -> RegisterChanges {
        var changes = RegisterChanges()
        let old = local.record, id = local.id
        if merged.existsAt != old.existsAt || merged.exists != old.exists {
            changes.any = true
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
                return changes
            } else if !local.trashed {
                try database.run("UPDATE entry SET trashed_at = ? WHERE id = ?", now.microseconds, id)
                changes.deleted = true
            }
            try database.run("UPDATE entry SET exists_at = ? WHERE id = ?", merged.existsAt, id)
        }
        if merged.pinnedAt != old.pinnedAt || merged.pinned != old.pinned {
            changes.any = true
            try database.run("UPDATE entry SET pinned = ?, pinned_at = ? WHERE id = ?", merged.pinned, merged.pinnedAt, id)
        }
        if merged.titleAt != old.titleAt || merged.title != old.title {
            changes.any = true
            try setRemoteTitle(merged.title, at: merged.titleAt, id: id)
        }
        if merged.tagsAt != old.tagsAt || merged.tags != old.tags {
            changes.any = true
            try database.run("DELETE FROM entry_tag WHERE entry_id = ?", id)
            try tag(id: id, merged.tags.filter { TagName.problem($0) == nil }, touch: false)
            try database.run("UPDATE entry SET tags_at = ? WHERE id = ?", merged.tagsAt, id)
        }
        if merged.exists, old.file == nil, merged.file != nil { try setRemoteFile(merged.file, id: id) }
        return changes
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
    func insertRemote(_ record: EntryRecord, now: Timestamp) throws(StoreError) -> Int64? {
        guard let text = record.text, !text.isEmpty else { return nil }
        let source = record.source.flatMap(EntrySource.init(rawValue:)) ?? .imported
        let new = NewEntry(
            text: text, fingerprint: Fingerprint(of: text), source: source, sourceApp: record.sourceApp,
            capturedAt: record.capturedAt.flatMap(Timestamp.parseISO8601) ?? now, pinned: record.pinned)
        let id = try insert(new, seq: source == .imported ? try seqBelowAll() : try seqAboveAll())
        try database.run(
            "UPDATE entry SET gid = ?, sync_state = \(SyncStage.received), sync_local = 0, exists_at = ?, pinned_at = ?, tags_at = ? WHERE id = ?",
            record.gid, record.existsAt, record.pinnedAt, record.tagsAt, id)
        try tag(id: id, record.tags.filter { TagName.problem($0) == nil }, touch: false)
        try setRemoteTitle(record.title, at: record.titleAt, id: id)
        try setRemoteFile(record.file, id: id)
        try database.run("DELETE FROM sync_tombstone WHERE gid = ?", record.gid)
        try database.run("DELETE FROM sync_forgotten WHERE gid = ?", record.gid)
        return id
    }

    /// Gives entry `id` the file another machine's record names, when it has none: the row points
    /// into this machine's payload area, where the daemon put the blob's bytes before applying
    /// (`SyncEngine`); a file that was not synced (over the writer's `sync-max-file-size`) gets
    /// its row all the same, so the item shows that its file is elsewhere. A plain text item that
    /// gains a file became a document on the other machine.
    func setRemoteFile(_ file: SyncedFile?, id: Int64) throws(StoreError) {
        guard let file, file.problem == nil, let digest = Sodium.unhex(file.digest) else { return }
        try database.run(
            "INSERT INTO entry_file (entry_id, folder, name, size, digest) VALUES (?, ?, ?, ?, ?) ON CONFLICT (entry_id) DO NOTHING",
            id, file.folder, file.name, file.size, digest)
        try database.run("UPDATE entry SET kind = 'document' WHERE id = ? AND kind = 'text'", id)
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
