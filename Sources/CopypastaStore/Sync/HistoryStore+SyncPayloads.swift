import CopypastaCore

/// The file and link registers of a record from another machine (docs/DESIGN.md §14.3, "Payloads
/// in sync"). Must run inside the apply's transaction. The blobs' bytes are extracted after the
/// apply, a slice per turn of the daemon's loop (`missingSyncedPayloads`); a row replaced or removed here releases
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
        try setReader(id: id, folder: folder)
    }

    /// Makes archive `folder`'s `reader.html`, when it is here, entry `id`'s `reader` body.
    private func setReader(id: Int64, folder: String) throws(StoreError) {
        if let page = try? payloads.readFile(.links, folder, "reader.html", limit: 16 << 20) {
            try setBodyInTransaction(id: id, source: .reader, text: HTMLText.extract(page))
        }
    }
}

/// A payload a row names as having come through sync (`origin = 'sync'`) whose folder is not in
/// the payload area yet: its blob is still to be extracted (or has not arrived).
public struct MissingPayload: Sendable, Equatable {
    /// `.documents` or `.links`.
    public var kind: PayloadArea.Kind
    /// The payload folder, also the blob's name.
    public var folder: String
    /// A document's file name, size and hex SHA-256; nil for an archive.
    public var name: String?
    public var size: Int64
    public var digest: String
    /// What the log calls it: the file's name or the link's URL.
    public var label: String
}

extension HistoryStore {
    /// The payloads rows name as synced whose folders are not here: at start-up, after an apply
    /// and when a blob arrives, the daemon extracts those whose blobs are in the sync folder.
    public func missingSyncedPayloads() throws(StoreError) -> [MissingPayload] {
        var missing: [MissingPayload] = []
        try database.with("SELECT folder, name, size, digest FROM entry_file WHERE origin = 'sync'") {
            statement throws(StoreError) in
            while try statement.step() {
                let folder = statement.text(0) ?? "", name = statement.text(1) ?? ""
                missing.append(
                    MissingPayload(
                        kind: .documents, folder: folder, name: name, size: statement.int(2),
                        digest: Sodium.hex(statement.blob(3) ?? []), label: name))
            }
        }
        try database.with("SELECT folder, url FROM entry_link WHERE origin = 'sync' AND folder IS NOT NULL") {
            statement throws(StoreError) in
            while try statement.step() {
                missing.append(
                    MissingPayload(
                        kind: .links, folder: statement.text(0) ?? "", name: nil, size: 0, digest: "",
                        label: statement.text(1) ?? ""))
            }
        }
        return missing.filter { PayloadArea.isFolderName($0.folder) && !payloads.exists($0.kind, $0.folder) }
    }

    /// Archive `folder` was extracted: the links naming it take its readable text as their
    /// `reader` body, so search finds the article here too.
    public func archiveExtracted(folder: String) throws(StoreError) {
        try writing { () throws(StoreError) in
            var ids: [Int64] = []
            try database.with("SELECT entry_id FROM entry_link WHERE folder = ?", [folder]) { statement throws(StoreError) in
                while try statement.step() { ids.append(statement.int(0)) }
            }
            for id in ids { try setReader(id: id, folder: folder) }
        }
    }
}

extension HistoryStore {
    /// Removes the payload folders among `placed` (just extracted from their blobs) that no row
    /// names any more: their register lost to this machine's newer one (its own archive or file)
    /// while the blob was being read, so the extracted copy goes at once instead of waiting for
    /// the orphan sweep. Returns how many went.
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
