import CopypastaCore

/// An entry row as sync sees it: its id and stage beside the record of its registers.
struct SyncRow {
    var id: Int64
    var stage: Int64
    var local: Bool
    var trashed: Bool
    var record: EntryRecord

    /// The columns `read` expects, selected from `entry e` joined with nothing else.
    static let columns = """
        e.id AS id, e.gid AS gid, (SELECT text FROM entry_text x WHERE x.id = e.id) AS text, e.captured_at AS captured_at,
        e.source AS source, e.source_app AS source_app, e.trashed_at AS trashed_at, e.exists_at AS exists_at,
        e.pinned AS pinned, e.pinned_at AS pinned_at, e.title AS title, e.title_at AS title_at, e.tags_at AS tags_at,
        e.sync_state AS sync_state, e.sync_local AS sync_local,
        (SELECT group_concat(t.name, char(31)) FROM entry_tag et JOIN tag t ON t.id = et.tag_id WHERE et.entry_id = e.id) AS tags,
        (SELECT folder FROM entry_file f WHERE f.entry_id = e.id) AS file_folder,
        (SELECT name FROM entry_file f WHERE f.entry_id = e.id) AS file_name,
        (SELECT size FROM entry_file f WHERE f.entry_id = e.id) AS file_size,
        (SELECT lower(hex(digest)) FROM entry_file f WHERE f.entry_id = e.id) AS file_digest
        """

    /// Every row `statement` (selecting `columns`) yields; `gid` fills a missing gid from the text.
    static func read(_ statement: Statement) throws(StoreError) -> [SyncRow] {
        let names = [
            "id", "gid", "text", "captured_at", "source", "source_app", "trashed_at", "exists_at", "pinned", "pinned_at", "title",
            "title_at", "tags", "tags_at", "sync_state", "sync_local", "file_folder", "file_name", "file_size", "file_digest",
        ]
        var index: [String: Int32] = [:]
        for name in names { index[name] = try statement.column(name) }
        func at(_ name: String) -> Int32 { index[name] ?? 0 }
        var rows: [SyncRow] = []
        while try statement.step() {
            let trashed = statement.optionalInt(at("trashed_at")) != nil
            let text = statement.text(at("text"))
            var record = EntryRecord(
                gid: statement.text(at("gid")) ?? "", text: trashed ? nil : text,
                capturedAt: trashed ? nil : Timestamp(microseconds: statement.int(at("captured_at"))).iso8601,
                source: trashed ? nil : statement.text(at("source")), sourceApp: trashed ? nil : statement.text(at("source_app")),
                exists: !trashed,
                existsAt: statement.int(at("exists_at")), pinned: statement.int(at("pinned")) != 0,
                pinnedAt: statement.int(at("pinned_at")), title: statement.text(at("title")),
                titleAt: statement.int(at("title_at")),
                tags: statement.text(at("tags")).map { $0.split(separator: "\u{1F}").map(String.init).sorted() } ?? [],
                tagsAt: statement.int(at("tags_at")))
            if !trashed, let folder = statement.text(at("file_folder")), let name = statement.text(at("file_name")) {
                // `synced` is the daemon's to set: it writes the blob when the file is small enough.
                record.file = SyncedFile(
                    folder: folder, name: name, size: statement.int(at("file_size")),
                    digest: statement.text(at("file_digest")) ?? "", synced: false)
            }
            var row = SyncRow(
                id: statement.int(at("id")), stage: statement.int(at("sync_state")), local: statement.int(at("sync_local")) != 0,
                trashed: trashed, record: record)
            if trashed { row.fullText = text }
            rows.append(row)
        }
        return rows
    }

    /// The text of a trashed row (its record carries none, as a tombstone).
    var fullText: String?
}
