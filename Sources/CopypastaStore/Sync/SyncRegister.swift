import CopypastaCore

/// One register of an entry that sync merges on its own (docs/DESIGN.md §14.3), named by the
/// column that holds its clock.
///
/// This list is the one declaration of the registers: the columns `SyncRow` selects and reads,
/// the queue's settle condition (`HistoryStore.settle`), the newest clock received and the apply
/// path (`applyRegisters`, `insertRemote`) all walk `allCases` or switch over it, so a new
/// register does not compile until each of them handles it. To add one: a case here named by its
/// clock column, its value columns in `selection` and `read`, its clock in `clock`, then the
/// compiler names the `switch`es left to fill (and `SyncEntryRecord` in CopypastaCore carries it).
enum SyncRegister: String, CaseIterable {
    /// Existence, with the capture time, source and application of the last copy.
    case exists = "exists_at"
    /// The pin.
    case pinned = "pinned_at"
    /// The snippet title.
    case title = "title_at"
    /// The tags.
    case tags = "tags_at"
    /// The file the entry carries (`attach --file`, `detach --file`).
    case file = "file_at"
    /// The URL and its archive (`attach --url`, `detach --url`, every recorded archive).
    case link = "link_at"

    /// Where a record keeps this register's clock.
    var clock: WritableKeyPath<SyncEntryRecord, Int64> {
        switch self {
        case .exists: \.existsAt
        case .pinned: \.pinnedAt
        case .title: \.titleAt
        case .tags: \.tagsAt
        case .file: \.fileAt
        case .link: \.linkAt
        }
    }

    /// The clock as the queue compares it when it settles a batch: a tombstone carries no file
    /// or link, nor their clocks (`read`), so theirs count as 0 on a trashed row.
    var settledClock: String {
        switch self {
        case .exists, .pinned, .title, .tags: rawValue
        case .file, .link: "iif(trashed_at IS NULL, \(rawValue), 0)"
        }
    }

    /// The columns of `entry e` that hold the register's value and clock, as `SyncRow` selects
    /// them: each `AS` its own name, which `read` looks up.
    var selection: [(name: String, sql: String)] {
        let clock = (rawValue, "e.\(rawValue)")
        switch self {
        case .exists:
            return [
                ("trashed_at", "e.trashed_at"), ("captured_at", "e.captured_at"), ("source", "e.source"),
                ("source_app", "e.source_app"), clock,
            ]
        case .pinned: return [("pinned", "e.pinned"), clock]
        case .title: return [("title", "e.title"), clock]
        case .tags:
            let names =
                "(SELECT group_concat(t.name, char(31)) FROM entry_tag et JOIN tag t ON t.id = et.tag_id WHERE et.entry_id = e.id)"
            return [("tags", names), clock]
        case .file:
            return ["folder", "name", "size"].map { ("file_\($0)", "(SELECT \($0) FROM entry_file f WHERE f.entry_id = e.id)") }
                + [("file_digest", "(SELECT lower(hex(digest)) FROM entry_file f WHERE f.entry_id = e.id)"), clock]
        case .link: return [("link", "(SELECT \(SyncRow.packedLink) FROM entry_link l WHERE l.entry_id = e.id)"), clock]
        }
    }

    /// Reads the register's value and clock from the current row of `statement` into `record`;
    /// `at` gives the index of a column `selection` named; `exists` is read first. A trashed row
    /// is a tombstone: its existence carries no capture time, source or application, and it
    /// carries no file or link, nor their clocks ("no file at clock N" would read as a detach on
    /// the other machines).
    func read(_ statement: Statement, at: (String) -> Int32, into record: inout SyncEntryRecord) {
        record[keyPath: clock] = statement.int(at(rawValue))
        switch self {
        case .exists:
            let trashed = statement.optionalInt(at("trashed_at")) != nil
            record.exists = !trashed
            if !trashed {
                record.capturedAt = Timestamp(microseconds: statement.int(at("captured_at"))).iso8601
                record.source = statement.text(at("source"))
                record.sourceApp = statement.text(at("source_app"))
            }
        case .pinned: record.pinned = statement.int(at("pinned")) != 0
        case .title: record.title = statement.text(at("title"))
        case .tags:
            record.tags = statement.text(at("tags")).map { $0.split(separator: "\u{1F}").map(String.init).sorted() } ?? []
        case .file:
            guard record.exists else {
                record.fileAt = 0
                return
            }
            if let folder = statement.text(at("file_folder")), let name = statement.text(at("file_name")) {
                // `synced` is the daemon's to set: it writes the blob when the file is small enough.
                record.file = SyncedFile(
                    folder: folder, name: name, size: statement.int(at("file_size")),
                    digest: statement.text(at("file_digest")) ?? "", synced: false)
            }
        case .link:
            // Like the file, the link is the writer's to mark synced.
            guard record.exists else {
                record.linkAt = 0
                return
            }
            record.link = SyncRow.link(statement.text(at("link")))
        }
    }

    /// Whether `a` and `b` differ in this register, value or clock.
    func differs(_ a: SyncEntryRecord, _ b: SyncEntryRecord) -> Bool {
        if a[keyPath: clock] != b[keyPath: clock] { return true }
        switch self {
        case .exists: return a.exists != b.exists
        case .pinned: return a.pinned != b.pinned
        case .title: return a.title != b.title
        case .tags: return a.tags != b.tags
        case .file: return a.file?.key != b.file?.key
        case .link: return a.link?.key != b.link?.key
        }
    }
}
