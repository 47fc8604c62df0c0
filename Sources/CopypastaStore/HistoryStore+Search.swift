import CopypastaCore

/// How search results are ordered.
public enum SearchOrder: String, Sendable, CaseIterable {
    /// By bm25 relevance, newest first among equals; the default when the query has words.
    case relevance
    /// Newest first.
    case recent
}

extension HistoryStore {
    /// Full-text search with filters (SPEC §7). The FTS5 expression comes from
    /// `SearchQuery.matchExpression`, never from the user's raw text.
    public func search(
        _ query: SearchQuery, order: SearchOrder, limit: Int?, offset: Int = 0, withText: Bool = false
    ) throws -> [Entry] {
        var conditions: [String] = []
        var values: [(any SQLValue)?] = []
        var from = "entry e"
        if let match = query.matchExpression {
            from = "entry_fts f JOIN entry e ON e.id = f.rowid"
            conditions.append("entry_fts MATCH ?")
            values.append(match)
        }
        for tag in query.tags {
            conditions.append(
                "EXISTS (SELECT 1 FROM entry_tag et JOIN tag t ON t.id = et.tag_id WHERE et.entry_id = e.id AND t.name = ?)")
            values.append(tag)
        }
        for app in query.apps {
            conditions.append("e.source_app LIKE ? ESCAPE '\\'")
            values.append("%" + escapeLike(app) + "%")
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
        let ranking = order == .relevance && query.hasTerms ? "bm25(entry_fts), " : ""
        values.append(limit ?? -1)
        values.append(offset)
        let sql = """
            SELECT \(Self.columns(withText: withText)) FROM \(from)
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY \(ranking)e.seq DESC LIMIT ? OFFSET ?
            """
        var result: [Entry] = []
        try database.with(sql, values) { row in
            while try row.step() { result.append(Self.entry(from: row, withText: withText)) }
        }
        return result
    }

    private func escapeLike(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
