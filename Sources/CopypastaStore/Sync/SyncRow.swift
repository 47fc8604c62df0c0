import CopypastaCore

/// An entry row as sync sees it: its id and stage beside the record of its registers.
struct SyncRow {
    var id: Int64
    var stage: Int64
    var local: Bool
    var trashed: Bool
    var record: SyncEntryRecord

    /// The columns every row carries besides its registers' (`SyncRegister.selection`).
    private static let fixed: [(name: String, sql: String)] = [
        ("id", "e.id"), ("gid", "e.gid"), ("text", "(SELECT text FROM entry_text x WHERE x.id = e.id)"),
        ("sync_state", "e.sync_state"), ("sync_local", "e.sync_local"),
    ]

    /// Every column `read` looks up: the fixed ones, then each register's.
    private static let selection = fixed + SyncRegister.allCases.flatMap(\.selection)

    /// The columns `read` expects, selected from `entry e` joined with nothing else.
    static let columns = selection.map { "\($0.sql) AS \($0.name)" }.joined(separator: ", ")

    /// The link's fields in one column, separated by U+001F, a NULL as an empty field
    /// (`SyncRegister.link`'s value).
    static let packedLink = [
        "url", "title", "archive", "reason", "folder", "page_title", "author", "published", "archived_at",
    ]
    .map { "coalesce(l.\($0), '')" }.joined(separator: " || char(31) || ")

    /// The link `packedLink` packed, or nil.
    static func link(_ packed: String?) -> SyncedLink? {
        guard let packed else { return nil }
        let fields = packed.split(separator: "\u{1F}", omittingEmptySubsequences: false).map { $0.isEmpty ? nil : String($0) }
        guard fields.count == 9, let url = fields[0], let status = fields[2] else { return nil }
        var link = SyncedLink(url: url, status: status)
        (link.title, link.reason, link.folder) = (fields[1], fields[3], fields[4])
        (link.pageTitle, link.author, link.published) = (fields[5], fields[6], fields[7])
        link.archivedAt = fields[8].flatMap { Int64($0) }
        return link
    }

    /// Every row `statement` (selecting `columns`) yields; `gid` fills a missing gid from the text.
    static func read(_ statement: Statement) throws(StoreError) -> [SyncRow] {
        var index: [String: Int32] = [:]
        for (name, _) in selection { index[name] = try statement.column(name) }
        func at(_ name: String) -> Int32 { index[name] ?? 0 }
        var rows: [SyncRow] = []
        while try statement.step() {
            var record = SyncEntryRecord(gid: statement.text(at("gid")) ?? "", text: nil, exists: true, existsAt: 0)
            for register in SyncRegister.allCases { register.read(statement, at: at, into: &record) }
            let trashed = !record.exists
            let text = statement.text(at("text"))
            if !trashed { record.text = text }
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
