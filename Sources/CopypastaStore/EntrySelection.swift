import CopypastaCore

/// The one place that turns what list, search and pick ask for into SQL: the full-text match,
/// the filters (tag, app, source, pinned, dates), the order and the page.
///
/// A full-text query for one page (a limit) is answered in two steps. First only ids are
/// ranked: bm25 and the storage order (`seq`, read from the small (id, seq) index when no
/// filter needs the row) for every hit. Then the shown columns (preview, tags, text) are read
/// for the rows of that page only. Reading them for every hit before sorting, as one flat query
/// does, costs a row look-up, a tag look-up and a copy of the preview per hit: thousands for a
/// frequent prefix shown 20 at a time. Without a limit every row is shown, and one flat pass is
/// cheaper than two.
///
/// The score is `copypasta_bm25` (`RankFunction`): bm25's value, computed from the hit's
/// document length in the FTS5 docsize row that the query joins. A hit is scored after the
/// filters, so a filtered-out entry costs no ranking.
struct EntrySelection {
    private(set) var conditions: [String] = []
    private(set) var values: [(any SQLValue)?] = []
    private let match: String?
    private let ranked: Bool
    /// Entries in the history, or in the trash: every selection is one or the other.
    let place: String
    /// Only named entries: read through the small title index instead of walking the history.
    private let snippetsOnly: Bool
    /// The order of a selection without full-text terms.
    private var sort: EntrySort?
    /// The history's own order (`order`), which a listing without `sort` and the recency of a
    /// search follow; the trash keeps the storage order.
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
        if query.snippetsOnly { conditions.append("e.title IS NOT NULL") }
        if let kind = query.kind {
            conditions.append("e.kind = ?")
            values.append(kind.rawValue)
        }
        for tag in query.tags {
            conditions.append(
                "EXISTS (SELECT 1 FROM entry_tag et JOIN tag t ON t.id = et.tag_id WHERE et.entry_id = e.id AND t.name = ?)")
            values.append(tag)
        }
        for app in query.apps {
            conditions.append("e.source_app LIKE ? ESCAPE '\\'")
            values.append("%" + Self.escapeLike(app) + "%")
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

    /// True when the selection has full-text terms, so that it reads the full-text index.
    var isFullText: Bool { match != nil }

    /// True when the statement ranks by relevance and so calls `RankFunction`, which the
    /// connection must have registered before the statement is prepared.
    var usesRankFunction: Bool { match != nil && ranked }

    /// The statement for one page (`limit` nil for all) and the values to bind, in order.
    func statement(withText: Bool, limit: Int?, offset: Int) -> (sql: String, values: [(any SQLValue)?]) {
        let columns = Self.columns(withText: withText)
        let page: [(any SQLValue)?] = [limit ?? -1, offset]
        let filter = ([place] + conditions).joined(separator: " AND ")
        guard let match else {
            if let limit, position != "e.seq", sort == nil, !snippetsOnly {
                let window = limit > Int.max - offset ? Int.max : limit + offset
                return (pageByUse(columns, filter), values + [window] + values + [window] + page)
            }
            // Snippets are few: sorting them beats walking the whole history in seq order.
            let entries = snippetsOnly ? "entry e INDEXED BY entry_by_title" : "entry e"
            let sql =
                "SELECT \(columns) FROM \(entries) WHERE \(filter) ORDER BY \(sort?.orderBy ?? newestFirst) LIMIT ? OFFSET ?"
            return (sql, values + page)
        }
        guard limit != nil else {
            // Without a LIMIT clause SQLite sorts every hit in its sorter; a LIMIT, even -1, makes
            // it keep the rows in a b-tree, which costs more per row than sorting them once.
            let sql = allHits(columns, filter, skipped: offset > 0)
            return (sql, [match] + values + (offset > 0 ? [offset] : []))
        }
        return (pageOfHits(columns, filter), [match] + values + page)
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
    /// as `d` (`docsizeJoin`), or 0 when the order is not by relevance.
    private var score: String { ranked ? "\(RankFunction.name)(entry_fts, d.sz)" : "0" }

    /// Joins the hit's FTS5 docsize row (its length in tokens), which `RankFunction` reads
    /// instead of looking it up itself. A LEFT JOIN: a hit without one is still ranked, by FTS5's
    /// own look-up.
    private var docsizeJoin: String { ranked ? "LEFT JOIN entry_fts_docsize d ON d.id = f.rowid" : "" }

    /// Every hit is shown, so every row is read anyway: one pass ranks and reads them.
    private func allHits(_ columns: String, _ filter: String, skipped: Bool) -> String {
        """
        SELECT \(columns) FROM entry_fts f JOIN entry e ON e.id = f.rowid \(docsizeJoin)
        WHERE entry_fts MATCH ? AND \(filter)
        ORDER BY \(ranked ? score + ", " : "")\(newestFirst)\(skipped ? " LIMIT -1 OFFSET ?" : "")
        """
    }

    /// Ranks the ids of every hit, then reads the rows of one page only.
    private func pageOfHits(_ columns: String, _ filter: String) -> String {
        // Without filters the ranking reads seq and trashed_at from the (id, seq, trashed_at)
        // index instead of the entry rows. CROSS JOIN keeps the full-text index the outer loop.
        let entries = conditions.isEmpty && position == "e.seq" ? "entry e INDEXED BY entry_seq_trashed_by_id" : "entry e"
        return """
            WITH page AS MATERIALIZED (
                SELECT f.rowid AS id, \(score) AS score, \(position) AS seq
                FROM entry_fts f CROSS JOIN \(entries) ON e.id = f.rowid \(docsizeJoin)
                WHERE entry_fts MATCH ? AND \(filter)
                ORDER BY score, seq DESC LIMIT ? OFFSET ?)
            SELECT \(columns) FROM page JOIN entry e ON e.id = page.id ORDER BY page.score, page.seq DESC
            """
    }

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
        END AS tags\(withText ? ", (SELECT text FROM entry_text x WHERE x.id = e.id) AS text" : "")
        """
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
