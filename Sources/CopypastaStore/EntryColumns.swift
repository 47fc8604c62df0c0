import CopypastaCore

/// Where each field of an `Entry` is in a statement that selected `EntrySelection.columns`:
/// looked up by name once per query, then read by index for every row.
struct EntryColumns {
    private let id, preview, capturedAt, source, sourceApp, bytes, pinned, useCount, lastUsedAt, tags, kind, trashedAt, title,
        secure, sync: Int32
    private let text: Int32?

    /// The positions of the entry columns in `statement`; `withText` when it selected the text.
    init(_ statement: Statement, withText: Bool) throws(StoreError) {
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
        text = withText ? try statement.column("text") : nil
    }

    /// The entry on the statement's current row.
    func entry(_ row: Statement) -> Entry {
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
