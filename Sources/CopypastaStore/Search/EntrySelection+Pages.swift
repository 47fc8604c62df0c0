import CopypastaCore

/// The statements that answer a full-text query one page at a time without reading every hit
/// (docs/DESIGN.md §7, "Pages of a search").
///
/// Newest first, a page comes from one of two plans, chosen by how many entries hold the terms
/// (`HistoryStore.searchRecent`): few hits are sorted by `seq` as a whole (cheap, since they are
/// few), while a common word is found by walking the history (or the entries of a tag few
/// entries hold) newest first in chunks and asking the full-text index for the hits among each
/// chunk's ids, which stops when the page is full.
///
/// By relevance, only a window of the most recently stored entries holding the terms is ranked
/// (filters apply within it): FTS5 walks its lists from the highest rowid down and the LIMIT
/// stops it, so the cost does not grow with the history. Older hits follow the window, most
/// recently stored first.
extension EntrySelection {
    /// The columns of `columns(withText:)` and the entry's position, read for a keyset.
    static func pageColumns(withText: Bool) -> String { columns(withText: withText) + ", e.seq AS page_seq" }

    /// Newest first, when few entries hold the terms: the hits' ids, read once from the full-text
    /// index (`HistoryStore.searchRecent`), are sorted by `seq` (from the small (id, seq,
    /// trashed_at) index when no filter needs the row), then only the page's rows are read.
    /// Binds: the ids as a JSON array, filters, keyset (when `keyset`), limit, offset.
    func listedHitsPage(withText: Bool, keyset: Bool) -> String {
        let entries = conditions.isEmpty ? "entry e INDEXED BY entry_seq_trashed_by_id" : "entry e"
        return """
            WITH page AS MATERIALIZED (
                SELECT e.id AS id, e.seq AS seq FROM json_each(?) j CROSS JOIN \(entries) ON e.id = j.value
                WHERE \(filter)\(keyset ? " AND e.seq < ?" : "")
                ORDER BY e.seq DESC LIMIT ? OFFSET ?)
            SELECT \(Self.pageColumns(withText: withText)) FROM page JOIN entry e ON e.id = page.id ORDER BY page.seq DESC
            """
    }

    /// The next `?2` entries of the place (history, trash or snippets) below the position `?1`,
    /// newest first: the chunks in which a walk looks for hits. Reads only an index.
    var chunk: String {
        let entries =
            if place.contains("NOT NULL") {
                "entry e INDEXED BY entry_by_trashed_at WHERE e.trashed_at IS NOT NULL AND"
            } else if snippetsOnly {
                "entry e INDEXED BY entry_by_title WHERE e.title IS NOT NULL AND"
            } else if let rareKind {
                // An EntryKind's raw value, never the user's text.
                // The index's own condition first: SQLite uses a partial index only when the query
                // states it, and does not infer it from the kind asked for.
                "entry e INDEXED BY entry_kinds_by_seq WHERE e.kind != 'text' AND e.kind = '\(rareKind.rawValue)' AND"
            } else {
                "entry e INDEXED BY entry_by_seq WHERE"
            }
        return "SELECT e.id, e.seq FROM \(entries) e.seq < ? ORDER BY e.seq DESC LIMIT ?"
    }

    /// The hits of one chunk of a walk that the filters keep, newest first: one statement per
    /// chunk, not per hit. Binds: the ids as a JSON array, filters, limit.
    func walkedRows(withText: Bool) -> String {
        """
        SELECT \(Self.pageColumns(withText: withText)) FROM entry e
        WHERE e.id IN (SELECT value FROM json_each(?)) AND \(filter) ORDER BY e.seq DESC LIMIT ?
        """
    }

    /// Newest first without full-text terms: the filters over the history in its order.
    /// Binds: filters, keyset (when `keyset`), limit, offset.
    func filteredPage(withText: Bool, keyset: Bool) -> String {
        let entries = conditions.contains("e.title IS NOT NULL") ? "entry e INDEXED BY entry_by_title" : "entry e"
        return """
            SELECT \(Self.pageColumns(withText: withText)) FROM \(entries)
            WHERE \(filter)\(keyset ? " AND e.seq < ?" : "") ORDER BY e.seq DESC LIMIT ? OFFSET ?
            """
    }

    /// The ranking window: the `?2` most recently stored entries holding the terms (filters
    /// aside), as `w(id, score)`. FTS5 walks its lists from the highest rowid down and the LIMIT
    /// stops it, so ranking the window reads the lists once, as far as the window reaches.
    /// Binds: match, window.
    private func window(scored: Bool) -> String {
        """
        w AS MATERIALIZED (
            SELECT f.rowid AS id, \(scored ? score : "0") AS score FROM entry_fts f \(scored ? docsizeJoin : "")
            WHERE entry_fts MATCH ? ORDER BY f.rowid DESC LIMIT ?)
        """
    }

    /// The extent of the ranking window: how many hits it holds and the lowest rowid among them,
    /// where the hits below it start. Binds: match, window.
    static let windowFloor = """
        SELECT count(*) AS hits, min(id) AS lowest FROM (
            SELECT rowid AS id FROM entry_fts WHERE entry_fts MATCH ? ORDER BY rowid DESC LIMIT ?)
        """

    /// A page of the ranking window's hits that pass the filters, ranked by `score` and newest
    /// first among equals. Binds: match, window, filters, limit, offset.
    func rankedWindowPage(withText: Bool) -> String {
        let entries = conditions.isEmpty ? "entry e INDEXED BY entry_seq_trashed_by_id" : "entry e"
        return """
            WITH \(window(scored: true)), page AS MATERIALIZED (
                SELECT w.id AS id, w.score AS score, e.seq AS seq FROM w CROSS JOIN \(entries) ON e.id = w.id
                WHERE \(filter) ORDER BY w.score, e.seq DESC LIMIT ? OFFSET ?)
            SELECT \(Self.pageColumns(withText: withText)) FROM page JOIN entry e ON e.id = page.id
            ORDER BY page.score, page.seq DESC
            """
    }

    /// How many hits of the ranking window pass the filters. Binds: match, window, filters.
    var windowCount: String {
        "WITH \(window(scored: false)) SELECT count(*) FROM w CROSS JOIN entry e ON e.id = w.id WHERE \(filter)"
    }

    /// The hits older than the ranking window, most recently stored first; read row by row, so
    /// a search without a limit never holds them all. Binds: match, filters, lowest, limit, offset.
    func belowWindow(withText: Bool) -> String {
        """
        SELECT \(Self.pageColumns(withText: withText)) FROM entry_fts f CROSS JOIN entry e ON e.id = f.rowid
        WHERE entry_fts MATCH ? AND \(filter) AND f.rowid < ? ORDER BY f.rowid DESC LIMIT ? OFFSET ?
        """
    }

    /// A page in `sort` (`EntrySort`): the hits (or, without terms, the filtered entries) all
    /// sorted, as an order other than the history's has no index to walk.
    /// Binds: match (when the selection has terms), filters, limit, offset.
    func sortedPage(_ sort: EntrySort, withText: Bool) -> String {
        let entries = match == nil ? "entry e" : "entry_fts f CROSS JOIN entry e ON e.id = f.rowid"
        return """
            SELECT \(Self.columns(withText: withText)) FROM \(entries)
            WHERE \(match == nil ? "" : "entry_fts MATCH ? AND ")\(filter) ORDER BY \(sort.orderBy) LIMIT ? OFFSET ?
            """
    }

    /// Entries found only by their library text (`entry_body`: a title, an archived article,
    /// a document's text, a summary, the tags' words), which come after the hits of the entries'
    /// own texts: title hits first, then tag names (`Schema.tagWords`), then article and document
    /// text, then summaries, each newest first.
    /// Values: the match, the filter's values, the match again, the limit and the offset.
    ///
    /// The entries' own hits are left out through one set (`NOT IN`), built once, not one FTS5
    /// look-up per library hit: a tag many entries carry (`Schema.tagWords`) makes thousands of
    /// library hits, and the look-ups cost 1.4 s for 10,000 of them at a million entries, the
    /// set 0.2 s even when the own hits are 600,000 (BENCHMARKS.md, "Tag names in search").
    func bodyHits(withText: Bool) -> String {
        """
        SELECT \(Self.pageColumns(withText: withText)) FROM (
            SELECT b.entry_id AS hit, min(CASE b.source WHEN 'title' THEN 0 WHEN 'tags' THEN 1 WHEN 'summary' THEN 3 ELSE 2 END) AS tier
            FROM body_fts JOIN entry_body b ON b.rowid = body_fts.rowid WHERE body_fts MATCH ? GROUP BY b.entry_id
        ) h JOIN entry e ON e.id = h.hit
        WHERE \(filter) AND e.id NOT IN (SELECT rowid FROM entry_fts WHERE entry_fts MATCH ?)
        ORDER BY h.tier, e.seq DESC LIMIT ? OFFSET ?
        """
    }
}
