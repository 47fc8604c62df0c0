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
    /// Only entries in this collection (case-insensitive).
    public var collection: String?
    /// Only links or only plain texts.
    public var kind: EntryKind?
    /// The trash instead of the history.
    public var inTrash = false
    /// Only named entries (snippets).
    public var snippetsOnly = false
    /// The order; nil for the history's own, newest stored first.
    public var sort: EntrySort?

    /// All entries, newest first.
    public init(
        pinnedOnly: Bool = false, tag: String? = nil, limit: Int? = nil, offset: Int = 0,
        collection: String? = nil, kind: EntryKind? = nil, inTrash: Bool = false
    ) {
        self.collection = collection
        self.kind = kind
        self.inTrash = inTrash
        self.pinnedOnly = pinnedOnly
        self.tag = tag
        self.limit = limit
        self.offset = offset
    }
}

extension HistoryStore {
    /// Entries newest first, reading full texts only when `withText` is set.
    public func entries(_ filter: EntryFilter = EntryFilter(), withText: Bool = false) throws(StoreError) -> [Entry] {
        try select(EntrySelection(filter), withText: withText, limit: filter.limit, offset: filter.offset)
    }

    /// Calls `body` with each entry, newest first, without holding them all in memory.
    public func forEachEntry(_ filter: EntryFilter, withText: Bool, _ body: (Entry) throws -> Void) throws {
        let (sql, values) = EntrySelection(filter).statement(withText: withText, limit: filter.limit, offset: filter.offset)
        try database.withRows(sql, values) { row in
            let columns = try EntryColumns(row, withText: withText)
            while try row.step() { try body(columns.entry(row)) }
        }
    }

    /// The entries `selection` picks for one page.
    func select(_ selection: EntrySelection, withText: Bool, limit: Int?, offset: Int) throws(StoreError) -> [Entry] {
        if selection.usesRankFunction { try database.registerRankFunction() }
        let (sql, values) = selection.statement(withText: withText, limit: limit, offset: offset)
        let read = { () throws(StoreError) -> [Entry] in
            try self.database.with(sql, values) { row throws(StoreError) in
                let columns = try EntryColumns(row, withText: withText)
                var result: [Entry] = []
                while try row.step() { result.append(columns.entry(row)) }
                return result
            }
        }
        // A full-text search reads pages scattered over the whole file, each about once.
        return selection.isFullText ? try database.withCacheSize(kibibytes: 256, read) : try read()
    }

    /// One entry with its full text; throws `noSuchEntry` for an unknown id.
    public func entry(id: Int64) throws(StoreError) -> Entry {
        // The text is read into its string directly, not through a column (Database+TextRead),
        // in the same read transaction as the row.
        try database.reading { () throws(StoreError) in
            let sql = "SELECT \(EntrySelection.columns(withText: false)) FROM entry e WHERE e.id = ?"
            let found = try database.with(sql, [id]) { row throws(StoreError) in
                try row.step() ? try EntryColumns(row, withText: false).entry(row) : nil
            }
            guard var found else { throw .noSuchEntry(id) }
            found.text = try database.textByIncrementalRead(table: "entry_text", column: "text", rowid: id) ?? ""
            return found
        }
    }

    /// The full text of one entry; throws `noSuchEntry` for an unknown id, `secureEntry` for a sealed one.
    public func text(id: Int64) throws(StoreError) -> String {
        guard let text = try database.scalarText("SELECT text FROM entry_text WHERE id = ?", id) else {
            throw try isSecure(id: id) == true ? .secureEntry(id) : .noSuchEntry(id)
        }
        return text
    }

    /// Calls `body` with the raw UTF-8 bytes of an entry's text, without copying them into a String.
    public func withTextBytes<T>(id: Int64, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        var result: T?
        try database.withRows("SELECT text FROM entry_text WHERE id = ?", [id]) { row in
            let text = try row.column("text")
            if try row.step() { result = try row.withBytes(text, body) }
        }
        guard let result else { throw try isSecure(id: id) == true ? StoreError.secureEntry(id) : .noSuchEntry(id) }
        return result
    }
}
