import CopypastaCore

/// Link items and their archives (docs/DESIGN.md "The library"); documents are in
/// HistoryStore+Documents.swift, the payload folders in PayloadArea.swift.
extension HistoryStore {
    /// The payload area beside this database.
    public var payloads: PayloadArea { PayloadArea(databasePath: path) }

    /// Stores a link item: an entry of kind `link` whose text is `url`, and its `entry_link` row,
    /// in one transaction; returns the entry's id.
    ///
    /// `archive` queues the archive (`pending`); otherwise the status is `none`. With policy move
    /// an entry that already holds the same URL is moved to the top and gains the link row (or
    /// keeps its own: a title given now replaces the old one, and a link whose archive is `none`
    /// or `failed` is queued again when `archive` asks). `confirm` runs with the id just before the
    /// commit, as `add`'s does.
    @discardableResult
    public func addLink(
        url: String, title: String? = nil, tags: [String] = [], source: EntrySource = .manual, archive: Bool,
        at time: Timestamp, policy: DuplicatePolicy = .move, maxEntries: Int = 0, syncLocal: Bool = false,
        confirm: (Int64) throws -> Void = { _ in }
    ) throws -> Int64 {
        let trimmed = url.trimmed()
        guard EntryKind.of(trimmed) == .link else {
            throw StoreError.invalid("\(Visible.quoted(url, limit: 60)) is not a URL (http, https, ftp, file or mailto)")
        }
        for tag in tags { try Self.validate(tag: tag) }
        var new = NewEntry(
            text: trimmed, fingerprint: Fingerprint(of: trimmed), source: source, sourceApp: nil, capturedAt: time,
            syncLocal: syncLocal)
        new.kind = .link
        return try writingRethrowing {
            let outcome = try insertOrMove(new, policy: policy, maxEntries: maxEntries)
            guard let id = outcome.id else { preconditionFailure("an added link always inserts or moves an entry") }
            try setLinkInTransaction(id: id, url: trimmed, title: title, archive: archive)
            try tag(id: id, tags)
            try confirm(id)
            return id
        }
    }

    /// Gives entry `id` the URL `url` (or updates its title and queue state); must run inside a
    /// transaction. A link that already has a URL keeps its archive unless the URL changes.
    func setLinkInTransaction(id: Int64, url: String, title: String?, archive: Bool) throws(StoreError) {
        let status = archive ? ArchiveStatus.pending.rawValue : ArchiveStatus.none.rawValue
        try database.run(
            """
            INSERT INTO entry_link (entry_id, url, title, archive) VALUES (?, ?, ?, ?)
            ON CONFLICT (entry_id) DO UPDATE SET
                title = coalesce(excluded.title, title),
                archive = iif(url IS NOT excluded.url, excluded.archive,
                    iif(excluded.archive = 'pending' AND archive IN ('none', 'failed'), 'pending', archive)),
                attempts = iif(url IS NOT excluded.url OR (excluded.archive = 'pending' AND archive IN ('none', 'failed')), 0, attempts),
                folder = iif(url IS NOT excluded.url, NULL, folder),
                url = excluded.url
            """, id, url, title, status)
    }

    /// The link entry `id` carries, or nil when it carries none.
    public func link(id: Int64) throws(StoreError) -> EntryLink? {
        try database.with("SELECT * FROM entry_link WHERE entry_id = ?", [id]) { row throws(StoreError) in
            let columns = try LinkColumns(row)
            return try row.step() ? columns.link(row) : nil
        }
    }

    /// Links whose archive is pending, oldest first, at most `limit`; entries in the trash wait.
    public func pendingArchives(limit: Int) throws(StoreError) -> [EntryLink] {
        try database.with(
            """
            SELECT l.* FROM entry_link l INDEXED BY entry_link_pending JOIN entry e ON e.id = l.entry_id
            WHERE l.archive = 'pending' AND e.trashed_at IS NULL ORDER BY l.entry_id LIMIT ?
            """, [Int64(limit)]
        ) { row throws(StoreError) in
            let columns = try LinkColumns(row)
            var links: [EntryLink] = []
            while try row.step() { links.append(columns.link(row)) }
            return links
        }
    }

    /// The page's metadata as an archive found it; nil fields keep what the row had.
    public struct PageFacts: Sendable, Equatable {
        /// The page's title.
        public var title: String?
        /// Its author.
        public var author: String?
        /// Its publication date, as the page gives it.
        public var published: String?

        /// Facts about a page.
        public init(title: String? = nil, author: String? = nil, published: String? = nil) {
            self.title = title
            self.author = author
            self.published = published
        }
    }

    /// Records the outcome of one archive attempt of link `id` at `time`: its status and reason,
    /// counting the attempt. A `folder` replaces the previous archive's (whose files are then
    /// unlinked after the commit); nil keeps it, so a failed retry does not lose a good archive.
    /// `readableText` becomes the link's searchable `reader` body; nil keeps the old one.
    public func recordArchive(
        id: Int64, status: ArchiveStatus, reason: String?, folder: String?, page: PageFacts = PageFacts(),
        readableText: String?, at time: Timestamp
    ) throws(StoreError) {
        if let folder, !PayloadArea.isFolderName(folder) { throw StoreError.invalid("\(folder) is not a payload folder name") }
        try writing { () throws(StoreError) in
            try database.run(
                """
                UPDATE entry_link SET archive = ?, reason = ?, folder = coalesce(?, folder), page_title = coalesce(?, page_title),
                    author = coalesce(?, author), published = coalesce(?, published), archived_at = ?, attempts = attempts + 1
                WHERE entry_id = ?
                """, status.rawValue, reason, folder, page.title, page.author, page.published, time.microseconds, id)
            guard database.changes > 0 else { throw .noSuchEntry(id) }
            if let readableText { try setBodyInTransaction(id: id, source: .reader, text: readableText) }
        }
        try sweepReleasedPayloads()
    }

    /// Sets the searchable text of `source` for entry `id`; nil removes it.
    public func setBody(id: Int64, source: BodySource, text: String?) throws(StoreError) {
        try writing { () throws(StoreError) in
            guard try database.scalarInt("SELECT 1 FROM entry WHERE id = ?", id) != nil else { throw .noSuchEntry(id) }
            try setBodyInTransaction(id: id, source: source, text: text)
        }
    }

    /// `setBody` inside a running transaction.
    func setBodyInTransaction(id: Int64, source: BodySource, text: String?) throws(StoreError) {
        guard let text, !text.isEmpty else {
            try database.run("DELETE FROM entry_body WHERE entry_id = ? AND source = ?", id, source.rawValue)
            return
        }
        try database.run(
            """
            INSERT INTO entry_body (entry_id, source, text) VALUES (?, ?, ?)
            ON CONFLICT (entry_id, source) DO UPDATE SET text = excluded.text WHERE text IS NOT excluded.text
            """, id, source.rawValue, text)
    }

    /// The searchable text of `source` for entry `id`, if any.
    public func body(id: Int64, source: BodySource) throws(StoreError) -> String? {
        try database.with("SELECT text FROM entry_body WHERE entry_id = ? AND source = ?", [id, source.rawValue]) {
            row throws(StoreError) in try row.step() ? row.text(0) : nil
        }
    }

    /// Unlinks the payload folders whose rows are gone (`payload_release`, filled by triggers in
    /// the transaction that removed them) and forgets them; returns how many went. A folder that
    /// cannot be removed now (a permission changed by hand) stays listed for the next sweep.
    ///
    /// Runs after each purge's commit, after `recordArchive`, and when the daemon starts, so a
    /// crash between a commit and its unlinking leaves a row that the next sweep finishes.
    @discardableResult
    public func sweepReleasedPayloads() throws(StoreError) -> Int {
        let released = try database.with("SELECT path FROM payload_release") { row throws(StoreError) in
            var paths: [String] = []
            while try row.step() { paths.append(row.text(0) ?? "") }
            return paths
        }
        guard !released.isEmpty else { return 0 }
        let area = payloads
        var gone: [String] = []
        for path in released {
            let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2, let kind = PayloadArea.Kind(rawValue: parts[0]) else {
                gone.append(path)
                continue
            }
            do {
                try area.remove(kind, parts[1])
                gone.append(path)
            } catch .badFolder {
                gone.append(path)
            } catch {
                continue
            }
        }
        let list = "[" + gone.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        try database.transaction { () throws(StoreError) in
            try database.run("DELETE FROM payload_release WHERE path IN (SELECT value FROM json_each(?))", list)
        }
        return gone.count
    }
}

extension String {
    /// The string without leading and trailing white space.
    func trimmed() -> String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}
