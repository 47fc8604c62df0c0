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
        var selection = EntrySelection(filter)
        selection.order = order
        let (sql, values) = selection.statement(withText: withText, limit: filter.limit, offset: filter.offset)
        try database.withRows(sql, values) { row in
            let columns = try EntryColumns(row, withText: withText, payloads: payloads)
            while try row.step() { try body(columns.entry(row)) }
        }
    }

    /// The entries `selection` picks for one page.
    func select(_ selection: EntrySelection, withText: Bool, limit: Int?, offset: Int) throws(StoreError) -> [Entry] {
        try withRegexes(selection) { () throws(StoreError) in
            try selectMatching(selection, withText: withText, limit: limit, offset: offset)
        }
    }

    /// Runs `body`, a statement of `selection`, with its regular expressions compiled, and counts
    /// the texts on which they gave up.
    func withRegexes<T>(_ selection: EntrySelection, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try withRegexes(selection.patterns, ignoreCase: selection.patternsIgnoreCase, body)
    }

    /// Runs `body`, the statements of one search, with `patterns` compiled; a search made of
    /// several statements (the ranking window and the older hits, a picker page's snippets and
    /// entries) compiles them once, in its outermost call, and counts each text once.
    func withRegexes<T>(_ patterns: [String], ignoreCase: Bool, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard !regexesCompiled else { return try body() }
        regexesCompiled = true
        defer { regexesCompiled = false }
        let (value, gaveUp) = try database.withRegexes(patterns, ignoreCase: ignoreCase, seconds: regexSeconds, body)
        regexGaveUp += gaveUp
        return value
    }

    private func selectMatching(_ selection: EntrySelection, withText: Bool, limit: Int?, offset: Int) throws(StoreError)
        -> [Entry]
    {
        var selection = selection
        selection.order = order
        let (sql, values) = selection.statement(withText: withText, limit: limit, offset: offset)
        return try database.with(sql, values) { row throws(StoreError) in
            let columns = try EntryColumns(row, withText: withText, payloads: payloads)
            var result: [Entry] = []
            while try row.step() { result.append(columns.entry(row)) }
            return result
        }
    }

    /// One entry with its full text; throws `noSuchEntry` for an unknown id.
    public func entry(id: Int64) throws(StoreError) -> Entry {
        // The text is read into its string directly, not through a column (Database+TextRead),
        // in the same read transaction as the row.
        try database.reading { () throws(StoreError) in
            let sql = "SELECT \(EntrySelection.columns(withText: false)) FROM entry e WHERE e.id = ?"
            let found = try database.with(sql, [id]) { row throws(StoreError) in
                try row.step() ? try EntryColumns(row, withText: false, payloads: payloads).entry(row) : nil
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
