import CopypastaCore

/// Where each field of an `Entry` is in a statement that selected `EntrySelection.columns`:
/// looked up by name once per query, then read by index for every row.
struct EntryColumns {
    private let id, preview, capturedAt, source, sourceApp, bytes, pinned, useCount, lastUsedAt, tags, kind, trashedAt, title,
        secure, sync, link, file: Int32
    private let text: Int32?
    /// Where the payload folders are, to say which are missing; nil: not looked at.
    private let payloads: PayloadArea?

    /// The positions of the entry columns in `statement`; `withText` when it selected the text.
    init(_ statement: Statement, withText: Bool, payloads: PayloadArea? = nil) throws(StoreError) {
        self.payloads = payloads
        id = try statement.column("id")
        preview = try statement.column("preview")
        capturedAt = try statement.column("captured_at")
        source = try statement.column("source")
        sourceApp = try statement.column("source_app")
        bytes = try statement.column("bytes")
        pinned = try statement.column("pinned")
        useCount = try statement.column("use_count")
        lastUsedAt = try statement.column("last_used_at")
        tags = try statement.column("tags")
        kind = try statement.column("kind")
        trashedAt = try statement.column("trashed_at")
        title = try statement.column("title")
        secure = try statement.column("secure")
        sync = try statement.column("sync")
        link = try statement.column("link")
        file = try statement.column("file")
        text = withText ? try statement.column("text") : nil
    }

    /// The entry on the statement's current row.
    func entry(_ row: Statement) -> Entry {
        var entry = plainEntry(row)
        entry.link = row.text(link).flatMap { Self.link($0, id: entry.id) }
        entry.file = row.text(file).flatMap { Self.file($0, id: entry.id) }
        if let payloads {
            // A look at the disk for library items only: the database stays the truth, and a
            // folder removed by hand shows as missing instead of failing the listing.
            let linkGone = entry.link?.folder.map { !payloads.exists(.links, $0) } ?? false
            let fileGone = entry.file.map { !payloads.exists(.documents, $0.folder) } ?? false
            entry.payloadMissing = linkGone || fileGone
        }
        return entry
    }

    /// A link packed by `EntrySelection.payloadColumns`.
    private static func link(_ packed: String, id: Int64) -> EntryLink? {
        let fields = packed.split(separator: "\u{1F}", omittingEmptySubsequences: false).map { $0.isEmpty ? nil : String($0) }
        guard fields.count == 10, let url = fields[0] else { return nil }
        return EntryLink(
            id: id, url: url, title: fields[4], status: fields[1].flatMap(ArchiveStatus.init(rawValue:)) ?? .none,
            reason: fields[2], folder: fields[3], pageTitle: fields[5], author: fields[6], published: fields[7],
            archivedAt: fields[8].flatMap { Int64($0) }.map(Timestamp.init(microseconds:)),
            attempts: fields[9].flatMap { Int($0) } ?? 0)
    }

    /// A file packed by `EntrySelection.payloadColumns`.
    private static func file(_ packed: String, id: Int64) -> EntryFile? {
        let fields = packed.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4, let size = Int64(fields[2]) else { return nil }
        return EntryFile(id: id, folder: fields[0], name: fields[1], size: size, digest: Sodium.unhex(fields[3]) ?? [])
    }

    /// The entry's own fields.
    private func plainEntry(_ row: Statement) -> Entry {
        Entry(
            id: row.int(id), text: text.map { row.text($0) ?? "" }, previewSource: row.text(preview) ?? "",
            capturedAt: Timestamp(microseconds: row.int(capturedAt)),
            source: EntrySource(rawValue: row.text(source) ?? "") ?? .imported,
            sourceApp: row.text(sourceApp), bytes: Int(row.int(bytes)), pinned: row.int(pinned) != 0,
            tags: row.text(tags).map { $0.split(separator: "\u{1F}").map(String.init) } ?? [],
            useCount: Int(row.int(useCount)), lastUsedAt: row.optionalInt(lastUsedAt).map(Timestamp.init(microseconds:)),
            kind: EntryKind(rawValue: row.text(kind) ?? "") ?? .text,
            trashedAt: row.optionalInt(trashedAt).map(Timestamp.init(microseconds:)), title: row.text(title),
            secure: row.int(secure) != 0, sync: row.text(sync).flatMap(SyncState.init(rawValue:)) ?? .local)
    }
}
