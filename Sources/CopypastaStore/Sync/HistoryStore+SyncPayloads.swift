import CopypastaCore

/// The file and link registers of a record from another machine (docs/DESIGN.md §14.3, "Payloads
/// in sync"). Must run inside the apply's transaction. The daemon put the blobs' bytes into the
/// payload area before (`SyncEngine.receivePayloads`); a row replaced or removed here releases
/// its folder (the `payload_release` triggers), which `applyRemote` sweeps after its commit, so
/// an extracted copy never outlives its row.
extension HistoryStore {
    /// Sets entry `id`'s file to the one another machine's record names, at clock `clock`; nil
    /// takes it off (a `detach` there). The row's `origin` says whether the bytes came (`sync`) or
    /// stayed on the writer, over its `sync-max-file-size` (`size`); a row naming the folder it
    /// already named keeps its origin, so a machine's own file stays its own. A plain text item
    /// that gains a file became a document on the other machine.
    func setRemoteFile(_ file: SyncedFile?, at clock: Int64, id: Int64) throws(StoreError) {
        guard let file else {
            try database.run("DELETE FROM entry_file WHERE entry_id = ?", id)
            try setBodyInTransaction(id: id, source: .document, text: nil)
            try database.run("UPDATE entry SET file_at = ? WHERE id = ?", clock, id)
            return
        }
        guard file.problem == nil, let digest = Sodium.unhex(file.digest) else { return }
        try database.run(
            """
            INSERT INTO entry_file (entry_id, folder, name, size, digest, origin) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (entry_id) DO UPDATE SET origin = iif(folder = excluded.folder, origin, excluded.origin),
                folder = excluded.folder, name = excluded.name, size = excluded.size, digest = excluded.digest
            """, id, file.folder, file.name, file.size, digest, file.synced ? "sync" : "size")
        try database.run("UPDATE entry SET file_at = ?, kind = iif(kind = 'text', 'document', kind) WHERE id = ?", clock, id)
    }

    /// Sets entry `id`'s URL and archive to what another machine's record says, at `clock`; nil
    /// takes them off. The archive's readable text (`reader.html`, when its bytes came) becomes
    /// the `reader` body here too, so search finds the article on both machines. A link that
    /// is pending there is `pending` here with origin `sync`, which the archive worker leaves
    /// alone: the machine that queued it archives it, and its archive travels.
    func setRemoteLink(_ link: SyncedLink?, at clock: Int64, id: Int64) throws(StoreError) {
        try database.run("UPDATE entry SET link_at = ? WHERE id = ?", clock, id)
        guard let link else {
            try database.run("DELETE FROM entry_link WHERE entry_id = ?", id)
            try setBodyInTransaction(id: id, source: .reader, text: nil)
            return
        }
        guard link.problem == nil else { return }
        let origin = link.folder == nil || link.synced ? "sync" : "size"
        try database.run(
            """
            INSERT INTO entry_link (entry_id, url, title, archive, reason, folder, page_title, author, published, archived_at, origin)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (entry_id) DO UPDATE SET origin = iif(folder IS excluded.folder AND folder IS NOT NULL, origin, excluded.origin),
                url = excluded.url, title = excluded.title, archive = excluded.archive, reason = excluded.reason,
                folder = excluded.folder, page_title = excluded.page_title, author = excluded.author,
                published = excluded.published, archived_at = excluded.archived_at
            """, id, link.url, link.title, link.status, link.reason, link.folder, link.pageTitle, link.author, link.published,
            link.archivedAt, origin)
        guard let folder = link.folder else { return }
        if let page = try? payloads.readFile(.links, folder, "reader.html", limit: 16 << 20) {
            try setBodyInTransaction(id: id, source: .reader, text: HTMLText.extract(page))
        }
    }
}

extension HistoryStore {
    /// Removes the payload folders among `placed` (extracted from blobs just before an apply)
    /// that no row names after it: their register lost to this machine's newer one (its own
    /// archive or file), so the extracted copy goes at once instead of waiting for the orphan
    /// sweep. Returns how many went.
    @discardableResult
    public func removeUnclaimed(_ placed: [(PayloadArea.Kind, String)]) throws(StoreError) -> Int {
        var removed = 0
        for (kind, folder) in placed {
            let table = kind == .links ? "entry_link" : "entry_file"
            guard try database.scalarInt("SELECT 1 FROM \(table) WHERE folder = ?", folder) == nil else { continue }
            if (try? payloads.remove(kind, folder)) != nil { removed += 1 }
        }
        return removed
    }
}
