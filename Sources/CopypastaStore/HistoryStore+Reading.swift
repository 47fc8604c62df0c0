import CopypastaCore

/// Which entries a listing shows, and how many.
public struct EntryFilter: Sendable {
    /// Only pinned entries.
    public var pinnedOnly = false
    /// Only entries with this tag (case-insensitive).
    public var tag: String?
    /// At most this many entries; nil for all.
    public var limit: Int?
    /// Skip this many entries first.
    public var offset = 0

    /// All entries, newest first.
    public init(pinnedOnly: Bool = false, tag: String? = nil, limit: Int? = nil, offset: Int = 0) {
        self.pinnedOnly = pinnedOnly
        self.tag = tag
        self.limit = limit
        self.offset = offset
    }
}

extension HistoryStore {
    /// The columns every entry query selects, in the order `entry(from:)` reads them.
    static func columns(withText: Bool) -> String {
        """
        e.id, e.preview, e.captured_at, e.source, e.source_app, e.bytes, e.pinned, e.use_count, e.last_used_at,
        (SELECT group_concat(t.name, char(31)) FROM entry_tag et JOIN tag t ON t.id = et.tag_id
         WHERE et.entry_id = e.id) \(withText ? ", (SELECT text FROM entry_text x WHERE x.id = e.id)" : "")
        """
    }

    /// The entry on the current row of a statement that selected `columns(withText:)`.
    static func entry(from row: Statement, withText: Bool) -> Entry {
        Entry(
            id: row.int(0), text: withText ? row.text(10) ?? "" : nil, previewSource: row.text(1) ?? "",
            capturedAt: Timestamp(microseconds: row.int(2)), source: EntrySource(rawValue: row.text(3) ?? "") ?? .imported,
            sourceApp: row.text(4), bytes: Int(row.int(5)), pinned: row.int(6) != 0,
            tags: row.text(9).map { $0.split(separator: "\u{1F}").map(String.init) } ?? [],
            useCount: Int(row.int(7)), lastUsedAt: row.optionalInt(8).map(Timestamp.init(microseconds:)))
    }

    /// Entries newest first, reading full texts only when `withText` is set.
    public func entries(_ filter: EntryFilter = EntryFilter(), withText: Bool = false) throws -> [Entry] {
        var result: [Entry] = []
        try forEachEntry(filter, withText: withText) { result.append($0) }
        return result
    }

    /// Calls `body` with each entry, newest first, without holding them all in memory.
    public func forEachEntry(_ filter: EntryFilter, withText: Bool, _ body: (Entry) throws -> Void) throws {
        var conditions: [String] = []
        var values: [(any SQLValue)?] = []
        if filter.pinnedOnly { conditions.append("e.pinned = 1") }
        if let tag = filter.tag {
            conditions.append(
                "EXISTS (SELECT 1 FROM entry_tag et JOIN tag t ON t.id = et.tag_id WHERE et.entry_id = e.id AND t.name = ?)")
            values.append(tag)
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        values.append(filter.limit ?? -1)
        values.append(filter.offset)
        let sql = """
            SELECT \(Self.columns(withText: withText)) FROM entry e \(whereClause)
            ORDER BY e.seq DESC LIMIT ? OFFSET ?
            """
        try database.with(sql, values) { row in
            while try row.step() { try body(Self.entry(from: row, withText: withText)) }
        }
    }

    /// One entry with its full text; throws `noSuchEntry` for an unknown id.
    public func entry(id: Int64) throws -> Entry {
        let sql = "SELECT \(Self.columns(withText: true)) FROM entry e WHERE e.id = ?"
        let found = try database.with(sql, [id]) { row in try row.step() ? Self.entry(from: row, withText: true) : nil }
        guard let found else { throw StoreError.noSuchEntry(id) }
        return found
    }

    /// The full text of one entry; throws `noSuchEntry` for an unknown id.
    public func text(id: Int64) throws -> String {
        guard let text = try database.scalarText("SELECT text FROM entry_text WHERE id = ?", id) else {
            throw StoreError.noSuchEntry(id)
        }
        return text
    }

    /// Calls `body` with the raw UTF-8 bytes of an entry's text, without copying them into a String.
    public func withTextBytes<T>(id: Int64, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        let result = try database.with("SELECT text FROM entry_text WHERE id = ?", [id]) { row in
            try row.step() ? try row.withBytes(0, body) : nil
        }
        guard let result else { throw StoreError.noSuchEntry(id) }
        return result
    }
}
