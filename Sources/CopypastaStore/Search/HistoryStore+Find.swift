import CopypastaCore

extension HistoryStore {
    /// Entries ranked by `FuzzyRank` for `text`, best first, among those `filters` selects
    /// (its full-text terms are ignored); at most `limit`.
    ///
    /// Snippets are few (hundreds), so each is read with its text and scored in full: an
    /// in-order match on a title is found however it is spelled. The rest of the history is
    /// pre-filtered by the full-text index: every word of `text` must start a word of the entry,
    /// which is `FuzzyRank.wordPrefix`, the best score a text can have. So those hits are read
    /// already in the ranking's tie order, only as many as the page needs. A word found only
    /// inside another word of an unnamed entry is not found.
    public func find(
        _ text: String, filters: SearchQuery = SearchQuery(), limit: Int, withText: Bool = false
    ) throws(StoreError) -> [Entry] {
        let query = FoldedText(text)
        guard !query.scalars.isEmpty, limit > 0 else { return [] }
        var scored = try scoredSnippets(query, filters: filters, withText: withText)
        for entry in try wordHits(text, filters: filters, limit: limit, withText: withText) {
            scored.append((FuzzyRank.wordPrefix, entry))
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : FuzzyRank.precedes($0.entry, $1.entry) }
        return scored.prefix(limit).map(\.entry)
    }

    /// The snippets `filters` selects that match `query`, with their `FuzzyRank` scores, in no order.
    func scoredSnippets(_ query: FoldedText, filters: SearchQuery, withText: Bool) throws(StoreError) -> [(
        score: Int, entry: Entry
    )] {
        var scored: [(score: Int, entry: Entry)] = []
        for var entry in try snippets(filters) {
            guard let score = FuzzyRank.score(query, title: entry.title, text: entry.text) else { continue }
            if !withText { entry.text = nil }
            scored.append((score, entry))
        }
        return scored
    }

    /// Every snippet the filters select, with its text.
    private func snippets(_ filters: SearchQuery) throws(StoreError) -> [Entry] {
        var filters = filters
        filters.terms = []
        filters.snippetsOnly = true
        return try select(EntrySelection(filters, order: .recent), withText: true, limit: nil, offset: 0)
    }

    /// Unnamed entries in which every word of `text` starts a word, in the ranking's tie order.
    private func wordHits(
        _ text: String, filters: SearchQuery, limit: Int, withText: Bool
    ) throws(StoreError) -> [Entry] {
        var words = SearchQuery()
        words.terms = Self.words(of: text).map { .prefix($0) }
        guard !filters.snippetsOnly, let match = words.matchExpression else { return [] }
        var filters = filters
        filters.terms = []
        let selection = EntrySelection(filters, order: .recent)
        let filter = ([selection.place, "e.title IS NULL"] + selection.conditions).joined(separator: " AND ")
        let sql = """
            SELECT \(EntrySelection.columns(withText: withText)) FROM entry e
            WHERE e.id IN (SELECT rowid FROM entry_fts WHERE entry_fts MATCH ?) AND \(filter)
            ORDER BY e.use_count DESC, max(coalesce(e.last_used_at, 0), e.captured_at) DESC, e.id DESC LIMIT ?
            """
        return try withRegexes(selection) { () throws(StoreError) in
            try database.with(sql, [match] + selection.values + [limit]) { row throws(StoreError) in
                let columns = try EntryColumns(row, withText: withText, payloads: payloads)
                var result: [Entry] = []
                while try row.step() { result.append(columns.entry(row)) }
                return result
            }
        }
    }

    /// The words of `text` as the full-text index splits them: runs of letters and digits.
    static func words(of text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}
