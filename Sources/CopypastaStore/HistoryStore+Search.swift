import CopypastaCore

/// How search results are ordered.
public enum SearchOrder: String, Sendable, CaseIterable {
    /// By bm25 relevance, newest first among equals; the default when the query has words.
    case relevance
    /// Newest first.
    case recent
}

extension HistoryStore {
    /// Full-text search with filters. The FTS5 expression comes from
    /// `SearchQuery.matchExpression`, never from the user's raw text.
    public func search(
        _ query: SearchQuery, order: SearchOrder, limit: Int?, offset: Int = 0, withText: Bool = false
    ) throws(StoreError) -> [Entry] {
        try select(EntrySelection(query, order: order), withText: withText, limit: limit, offset: offset)
    }
}
