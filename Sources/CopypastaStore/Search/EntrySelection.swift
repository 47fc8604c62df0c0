import CopypastaCore

/// The one place that turns what list, search and pick ask for into SQL: the full-text match,
/// the filters (tag, app, source, pinned, dates), the order and the page.
///
/// The statements for full-text queries, which read a page without ranking or sorting every
/// hit, are in `EntrySelection+Pages.swift`.
///
/// The score is `copypasta_bm25` (`RankFunction`): bm25's order, computed from the hit's
/// document length in the FTS5 docsize row that the query joins, in the same pass over the
/// full-text index that finds the ranking window (`EntrySelection.rankedWindowPage`).
struct EntrySelection {
    private(set) var conditions: [String] = []
    private(set) var values: [(any SQLValue)?] = []
    /// The FTS5 MATCH expression, nil without full-text terms.
    let match: String?
    /// True when full-text hits are ordered by relevance.
    let ranked: Bool
    /// Entries in the history, or in the trash: every selection is one or the other.
    let place: String
    /// Only named entries: read through the small title index instead of walking the history.
    let snippetsOnly: Bool
    /// The tags every entry must have (`tag:` and `collection:`): a tag few entries hold drives
    /// a newest-first walk from its own index (`HistoryStore.drivingEntries`).
    let tags: [String]
    /// A kind other than text (`kind:link`, `kind:document`): a walk reads the small index of the
    /// entries that are not plain text (`Schema.searchDrivers`), not the history.
    let rareKind: EntryKind?
    /// The archive status asked for (`archive:`): the links that have it drive the walk, as a tag
    /// does (`HistoryStore.drivingEntries`).
    let archive: ArchiveStatus?
    /// The `LIKE` patterns of the applications asked for (`app:`), each a driver of its own.
    let appPatterns: [String]
    /// The sources asked for (`source:`), which drive the walk when none of them is a capture's.
    let sources: [EntrySource]
    /// A phrase or more than one term: what matches may be far fewer than each word's entries.
    let combined: Bool
    /// The order of a selection without full-text terms.
    private var sort: EntrySort?
    /// The regular expressions every entry's text must match, numbered by their place here in
    /// the `RegexFilter` calls of `conditions`; `HistoryStore.withRegexes` compiles them.
    let patterns: [String]
    /// Whether the patterns ignore case.
    let patternsIgnoreCase: Bool
    /// The history's own order (`order`), which a listing without `sort` follows; the trash
    /// keeps the storage order.
    var order = HistoryOrder.captured

    /// The position that orders the history, newest first: the storage order, or with
    /// `order = used` the later of it and the last restore (see `pageByUse`).
    private var position: String {
        order == .used && place == Self.inHistory ? "max(e.seq, coalesce(e.used_seq, 0))" : "e.seq"
    }

    /// The ORDER BY terms of the history's own order.
    private var newestFirst: String { position == "e.seq" ? "e.seq DESC" : "\(position) DESC, e.seq DESC" }

    /// The condition of entries in the history.
    private static let inHistory = "e.trashed_at IS NULL"

    /// The entries `query` selects, in `order` (relevance applies only when the query has words).
    init(_ query: SearchQuery, order: SearchOrder) {
        match = query.matchExpression
        ranked = order == .relevance && query.hasTerms
        place = query.inTrash ? "e.trashed_at IS NOT NULL" : Self.inHistory
        snippetsOnly = query.snippetsOnly
        tags = query.tags
        rareKind = query.kind == .text ? nil : query.kind
        archive = query.archive
        appPatterns = query.apps.map { "%" + Self.escapeLike($0) + "%" }
        sources = query.sources
        combined = query.terms.count > 1 || query.terms.contains { if case .phrase = $0 { true } else { false } }
        if query.snippetsOnly { conditions.append("e.title IS NOT NULL") }
        if let kind = query.kind {
            conditions.append("e.kind = ?")
            values.append(kind.rawValue)
        }
        if let archive = query.archive {
            conditions.append("EXISTS (SELECT 1 FROM entry_link al WHERE al.entry_id = e.id AND al.archive = ?)")
            values.append(archive.rawValue)
        }
        for tag in query.tags {
            conditions.append(
                "EXISTS (SELECT 1 FROM entry_tag et JOIN tag t ON t.id = et.tag_id WHERE et.entry_id = e.id AND t.name = ?)")
            values.append(tag)
        }
        for pattern in appPatterns {
            conditions.append("e.source_app LIKE ? ESCAPE '\\'")
            values.append(pattern)
        }
        if !query.sources.isEmpty {
            conditions.append("e.source IN (\(query.sources.map { _ in "?" }.joined(separator: ",")))")
            values.append(contentsOf: query.sources.map(\.rawValue))
        }
        if let pinned = query.pinned {
            conditions.append("e.pinned = ?")
            values.append(pinned)
        }
        if let before = query.before {
            conditions.append("e.captured_at < ?")
            values.append(before.microseconds)
        }
        if let after = query.after {
            conditions.append("e.captured_at >= ?")
            values.append(after.microseconds)
        }
        // Last, so that SQLite tries the cheap filters first and reads a text only for the rows
        // they keep.
        patterns = query.patterns
        patternsIgnoreCase = query.patternsIgnoreCase
        for index in patterns.indices {
            conditions.append("\(RegexFilter.name)(?, (SELECT text FROM entry_text x WHERE x.id = e.id))")
            values.append(index)
        }
    }

    /// The entries a listing filter selects, newest first.
    init(_ filter: EntryFilter) {
        var query = SearchQuery()
        if filter.pinnedOnly { query.pinned = true }
        if let tag = filter.tag { query.tags = [tag] }
        if let collection = filter.collection { query.tags.append(CollectionTag.tag(collection)) }
        query.kind = filter.kind
        query.inTrash = filter.inTrash
        query.snippetsOnly = filter.snippetsOnly
        self.init(query, order: .recent)
        sort = filter.sort
    }

    /// Adds a condition on the entry alias `e` with its values, as the filters do.
    mutating func require(_ condition: String, _ conditionValues: (any SQLValue)?...) {
        conditions.append(condition)
        values.append(contentsOf: conditionValues)
    }

    /// The WHERE clause of every filter over the entry alias `e`, the place (history or trash) first.
    var filter: String { ([place] + conditions).joined(separator: " AND ") }

    /// The statement for one page (`limit` nil for all) of a selection without full-text terms
    /// (full-text pages are in `EntrySelection+Pages.swift`) and the values to bind, in order.
    func statement(withText: Bool, limit: Int?, offset: Int) -> (sql: String, values: [(any SQLValue)?]) {
        let columns = Self.columns(withText: withText)
        let page: [(any SQLValue)?] = [limit ?? -1, offset]
        if let limit, position != "e.seq", sort == nil, !snippetsOnly {
            let window = limit > Int.max - offset ? Int.max : limit + offset
            return (pageByUse(columns, filter), values + [window] + values + [window] + page)
        }
        // Snippets are few: sorting them beats walking the whole history in seq order.
        let entries = snippetsOnly ? "entry e INDEXED BY entry_by_title" : "entry e"
        let sql = "SELECT \(columns) FROM \(entries) WHERE \(filter) ORDER BY \(sort?.orderBy ?? newestFirst) LIMIT ? OFFSET ?"
        return (sql, values + page)
    }

    /// A page in the `used` order: its entries are among the first `limit + offset` stored and
    /// the first `limit + offset` restored (an entry's position is one or the other, and every
    /// entry above it in the page is above it in its own order too), so two short index walks
    /// (`entry_by_seq`, and the partial `entry_by_use` of restored entries only) find them and
    /// only those are sorted. An index of the position itself over every entry would cost the
    /// database 25 MB at a million entries.
    private func pageByUse(_ columns: String, _ filter: String) -> String {
        """
        SELECT \(columns) FROM entry e WHERE e.id IN (
            SELECT id FROM (SELECT e.id FROM entry e WHERE \(filter) ORDER BY e.seq DESC LIMIT ?)
            UNION ALL
            SELECT id FROM (SELECT e.id FROM entry e WHERE \(filter) AND e.used_seq IS NOT NULL ORDER BY e.used_seq DESC LIMIT ?))
        ORDER BY \(newestFirst) LIMIT ? OFFSET ?
        """
    }

    /// The score of the current hit in a query over `entry_fts f` that has joined its docsize row
    /// as `d` (`docsizeJoin`), or 0 when the order is not by relevance. bm25's order, not always
    /// its value (`RankFunction`: a lone phrase's IDF is left out).
    var score: String { ranked ? "\(RankFunction.name)(entry_fts, d.sz, 1)" : "0" }

    /// Joins the hit's FTS5 docsize row (its length in tokens), which `RankFunction` reads
    /// instead of looking it up itself. A LEFT JOIN: a hit without one is still ranked, by FTS5's
    /// own look-up.
    var docsizeJoin: String { ranked ? "LEFT JOIN entry_fts_docsize d ON d.id = f.rowid" : "" }

    /// The columns every entry query selects; `EntryColumns` finds them by these names.
    ///
    /// The tag look-up per row is skipped when no entry has a tag at all (SQLite evaluates the
    /// uncorrelated EXISTS once per query): most histories have none, and a search that
    /// shows a thousand hits would otherwise run a thousand empty look-ups.
    static func columns(withText: Bool) -> String {
        """
        e.id AS id, e.preview AS preview, e.captured_at AS captured_at, e.source AS source,
        e.source_app AS source_app, e.bytes AS bytes, e.pinned AS pinned, e.use_count AS use_count,
        e.last_used_at AS last_used_at, e.kind AS kind, e.trashed_at AS trashed_at, e.title AS title,
        e.secure AS secure, \(HistoryStore.syncStateSQL("e")) AS sync,
        CASE WHEN EXISTS (SELECT 1 FROM entry_tag) THEN
            (SELECT group_concat(t.name, char(31)) FROM entry_tag et JOIN tag t ON t.id = et.tag_id WHERE et.entry_id = e.id)
        END AS tags, \(payloadColumns)\(withText ? ", (SELECT text FROM entry_text x WHERE x.id = e.id) AS text" : "")
        """
    }

    /// The link and file an entry carries, each packed in one column (`EntryColumns` unpacks
    /// them); as with the tags, the look-ups are skipped when the library holds none at all.
    private static let payloadColumns = """
        CASE WHEN EXISTS (SELECT 1 FROM entry_link) THEN
            (SELECT \(packed(["url", "archive", "reason", "folder", "title", "page_title", "author", "published"]))
                || char(31) || coalesce(archived_at, '') || char(31) || attempts || char(31) || coalesce(origin, '')
                FROM entry_link pl WHERE pl.entry_id = e.id)
        END AS link,
        CASE WHEN EXISTS (SELECT 1 FROM entry_file) THEN
            (SELECT folder || char(31) || name || char(31) || size || char(31) || hex(digest) || char(31) || coalesce(origin, '')
                FROM entry_file pf WHERE pf.entry_id = e.id)
        END AS file
        """

    /// The columns joined by the unit separator, a NULL as an empty field.
    private static func packed(_ columns: [String]) -> String {
        columns.map { "coalesce(\($0), '')" }.joined(separator: " || char(31) || ")
    }

    private static func escapeLike(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
