import CopypastaCore

/// An entry row as sync sees it: its id and stage beside the record of its registers.
struct SyncRow {
    var id: Int64
    var stage: Int64
    var local: Bool
    var trashed: Bool
    var record: EntryRecord

    /// The columns every row carries besides its registers' (`SyncRegister.selection`).
    private static let fixed: [(name: String, sql: String)] = [
        ("id", "e.id"), ("gid", "e.gid"), ("text", "(SELECT text FROM entry_text x WHERE x.id = e.id)"),
        ("sync_state", "e.sync_state"), ("sync_local", "e.sync_local"),
        ("file_folder", "(SELECT folder FROM entry_file f WHERE f.entry_id = e.id)"),
        ("file_name", "(SELECT name FROM entry_file f WHERE f.entry_id = e.id)"),
        ("file_size", "(SELECT size FROM entry_file f WHERE f.entry_id = e.id)"),
        ("file_digest", "(SELECT lower(hex(digest)) FROM entry_file f WHERE f.entry_id = e.id)"),
    ]

    /// Every column `read` looks up: the fixed ones, then each register's.
    private static let selection = fixed + SyncRegister.allCases.flatMap(\.selection)

    /// The columns `read` expects, selected from `entry e` joined with nothing else.
    static let columns = selection.map { "\($0.sql) AS \($0.name)" }.joined(separator: ", ")

    /// Every row `statement` (selecting `columns`) yields; `gid` fills a missing gid from the text.
    static func read(_ statement: Statement) throws(StoreError) -> [SyncRow] {
        var index: [String: Int32] = [:]
        for (name, _) in selection { index[name] = try statement.column(name) }
        func at(_ name: String) -> Int32 { index[name] ?? 0 }
        var rows: [SyncRow] = []
        while try statement.step() {
            var record = EntryRecord(gid: statement.text(at("gid")) ?? "", text: nil, exists: true, existsAt: 0)
            for register in SyncRegister.allCases { register.read(statement, at: at, into: &record) }
            let trashed = !record.exists
            let text = statement.text(at("text"))
            if !trashed {
                record.text = text
                if let folder = statement.text(at("file_folder")), let name = statement.text(at("file_name")) {
                    // `synced` is the daemon's to set: it writes the blob when the file is small enough.
                    record.file = SyncedFile(
                        folder: folder, name: name, size: statement.int(at("file_size")),
                        digest: statement.text(at("file_digest")) ?? "", synced: false)
                }
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
