import CopypastaCore
import Glibc

/// The files library items carry (docs/DESIGN.md "The library").
extension HistoryStore {
    /// The file entry `id` carries, or nil when it carries none.
    public func file(id: Int64) throws(StoreError) -> EntryFile? {
        try database.with("SELECT folder, name, size, digest, origin FROM entry_file WHERE entry_id = ?", [id]) {
            row throws(StoreError) in
            guard try row.step() else { return nil }
            var file = EntryFile(
                id: id, folder: row.text(0) ?? "", name: row.text(1) ?? "", size: row.int(2), digest: row.blob(3) ?? [])
            file.notSynced = row.text(4) == "size"
            return file
        }
    }

    /// The path of the copy of entry `id`'s file, or nil when it carries none. The file itself
    /// may be missing (removed by hand): the caller says so rather than failing.
    public func filePath(id: Int64) throws(StoreError) -> String? {
        guard let file = try file(id: id), PayloadArea.isFolderName(file.folder) else { return nil }
        return payloads.path(.documents, file.folder) + "/" + file.name
    }
}

extension HistoryStore {
    /// Stores a document: an entry of kind `document` whose text is `title` (or `text` when
    /// given), carrying the copied file, with its extracted `body` as the searchable `document`
    /// text, all in one transaction; returns the id. The copy must already be in the payload area
    /// (`PayloadArea.copyIn`); when the transaction fails, its folder is removed, so a document
    /// exists with its file or not at all. `confirm` runs with the id just before the commit.
    @discardableResult
    public func addDocument(
        _ copied: PayloadArea.CopiedFile, title: String, text: String? = nil, body: String?, tags: [String] = [],
        at time: Timestamp, maxEntries: Int = 0, syncLocal: Bool = false, confirm: (Int64) throws -> Void = { _ in }
    ) throws -> Int64 {
        let itemText = text ?? title
        var new = NewEntry(
            text: itemText, fingerprint: Fingerprint(of: itemText), source: .manual, sourceApp: nil, capturedAt: time,
            syncLocal: syncLocal)
        new.kind = .document
        do {
            for tag in tags { try Self.validate(tag: tag) }
            return try writingRethrowing {
                // Always a new item: two files of the same name are two documents.
                guard let id = try insertOrMove(new, policy: .keep, maxEntries: maxEntries).id else {
                    preconditionFailure("a new document always inserts an entry")
                }
                try setFileInTransaction(id: id, copied)
                try setBodyInTransaction(id: id, source: .document, text: body)
                if text != nil { try setBodyInTransaction(id: id, source: .title, text: title) }
                try tag(id: id, tags)
                try confirm(id)
                return id
            }
        } catch {
            try? payloads.remove(.documents, copied.folder)
            throw error
        }
    }

    /// Gives entry `id` the copied file (replacing one it had, whose folder is then released), with
    /// its extracted text; the copy's folder is removed when the entry is not there.
    public func attachFile(id: Int64, _ copied: PayloadArea.CopiedFile, body: String?) throws {
        do {
            try writing { () throws(StoreError) in
                try requireExisting([id])
                try setFileInTransaction(id: id, copied)
                try setBodyInTransaction(id: id, source: .document, text: body)
                try touchSync([.file], id: id)
            }
        } catch {
            try? payloads.remove(.documents, copied.folder)
            throw error
        }
        try sweepReleasedPayloads()
    }

    /// Takes the file off entry `id`; its copy is unlinked after the commit. A document keeps its
    /// kind (how it started). False when the entry carried no file.
    @discardableResult
    public func detachFile(id: Int64) throws(StoreError) -> Bool {
        try detach(id: id, table: "entry_file", body: .document, register: .file)
    }

    /// Gives entry `id` a URL (`attach --url`), queued for archiving when `archive` says so.
    public func attachLink(id: Int64, url given: String, archive: Bool) throws(StoreError) {
        let url = given.trimmed()
        guard EntryKind.of(url) == .link else {
            throw .invalid("\(Visible.quoted(url, limit: 60)) is not a URL (http, https, ftp, file or mailto)")
        }
        try writing { () throws(StoreError) in
            try requireExisting([id])
            try setLinkInTransaction(id: id, url: url, title: nil, archive: archive)
            try touchSync([.link], id: id)
        }
        try sweepReleasedPayloads()
    }

    /// Takes the URL off entry `id` with its archive (unlinked after the commit) and reader text.
    /// False when the entry carried no URL.
    @discardableResult
    public func detachLink(id: Int64) throws(StoreError) -> Bool {
        try detach(id: id, table: "entry_link", body: .reader, register: .link)
    }

    /// Deletes entry `id`'s row of `table` (`entry_file` or `entry_link`) and its `body` text, and
    /// marks `register` changed for sync; what the row held is unlinked after the commit. False
    /// when the entry had no such row.
    private func detach(id: Int64, table: String, body: BodySource, register: SyncRegister) throws(StoreError) -> Bool {
        let removed = try writing { () throws(StoreError) in
            try requireExisting([id])
            try database.run("DELETE FROM \(table) WHERE entry_id = ?", id)
            let removed = database.changes > 0
            try setBodyInTransaction(id: id, source: body, text: nil)
            if removed { try touchSync([register], id: id) }
            return removed
        }
        try sweepReleasedPayloads()
        return removed
    }

    /// Writes the `entry_file` row, a copy made here (`origin` NULL: an extracted copy it replaces
    /// is released by the trigger); must run inside a transaction.
    private func setFileInTransaction(id: Int64, _ copied: PayloadArea.CopiedFile) throws(StoreError) {
        try database.run(
            """
            INSERT INTO entry_file (entry_id, folder, name, size, digest) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (entry_id) DO UPDATE SET folder = excluded.folder, name = excluded.name, size = excluded.size,
                digest = excluded.digest, origin = NULL
            """, id, copied.folder, copied.name, copied.size, copied.digest)
    }

    /// Removes payload folders no row names (a command killed between its copy and its commit)
    /// and named temporary files, once they are older than `minimumAge` seconds so that a copy in
    /// progress in another process is left alone; returns how many went. Runs when the daemon
    /// starts, after `sweepReleasedPayloads`.
    @discardableResult
    public func sweepOrphanPayloads(minimumAge: Int = 3600, now: Int = Int(time(nil))) throws(StoreError) -> Int {
        let area = payloads
        var removed = 0
        for kind in PayloadArea.Kind.allCases {
            let names = (try? PayloadFile.names(in: area.directory(kind))) ?? []
            guard !names.isEmpty else { continue }
            let table = kind == .links ? "entry_link" : "entry_file"
            let known = try database.with("SELECT folder FROM \(table) WHERE folder IS NOT NULL") { row throws(StoreError) in
                var folders = Set<String>()
                while try row.step() { folders.insert(row.text(0) ?? "") }
                return folders
            }
            for name in names where !known.contains(name) {
                let path = area.directory(kind) + "/" + name
                var status = stat()
                guard lstat(path, &status) == 0, now - Int(status.st_mtim.tv_sec) >= minimumAge else { continue }
                guard PayloadArea.isFolderName(name) || name.hasPrefix(PayloadArea.partialPrefix) else { continue }
                if (try? PayloadFile.removeTree(path)) != nil { removed += 1 }
            }
        }
        return removed
    }
}
