import CopypastaCore

/// How search results are ordered.
public enum SearchOrder: String, Sendable, CaseIterable {
    /// By bm25 relevance within the ranking window (`HistoryStore.rankingWindow`), newest first
    /// among equals, then older hits; the default when the query has words.
    case relevance
    /// Newest first.
    case recent
}

extension HistoryStore {
    /// How many hits a search by relevance ranks: the most recently stored ones. A word in half
    /// of a million entries would otherwise be scored half a million times for a page of 20.
    public static let rankingWindow = 1000

    /// Up to this many hits, a search newest first sorts them all; above, it walks the history
    /// and asks the full-text index about each entry until the page is full.
    static let fewHits = 4000

    /// How many of the newest entries a query of a phrase or several words walks (four chunks:
    /// 30,720 entries) before it reads its hits as a whole.
    static let firstWalk = 16_384

    /// Full-text search with filters. The FTS5 expression comes from
    /// `SearchQuery.matchExpression`, never from the user's raw text.
    public func search(
        _ query: SearchQuery, order: SearchOrder, limit: Int?, offset: Int = 0, withText: Bool = false
    ) throws(StoreError) -> [Entry] {
        var found: [Entry] = []
        try search(query, order: order, limit: limit, offset: offset, withText: withText) { found.append($0) }
        return found
    }

    /// `search`, handing each entry to `body` as it is read, so that a search without a limit
    /// holds one row at a time rather than every hit.
    ///
    /// By relevance, the hits among the `rankingWindow` most recently stored entries that hold
    /// the terms come first, ranked by bm25 (newest first among equals), then every older hit,
    /// most recently stored first: the same order with a limit or without, so a page is a slice
    /// of the whole answer.
    public func search(
        _ query: SearchQuery, order: SearchOrder, limit: Int?, offset: Int = 0, withText: Bool = false,
        _ body: (Entry) -> Void
    ) throws(StoreError) {
        try withRegexes(query.patterns, ignoreCase: query.patternsIgnoreCase) { () throws(StoreError) in
            let selection = EntrySelection(query, order: order)
            var shown = 0
            try search(selection, limit: limit, offset: offset, withText: withText) { entry in
                shown += 1
                body(entry)
            }
            guard let match = selection.match, limit.map({ shown < $0 }) ?? true,
                try database.scalarInt("SELECT 1 FROM entry_body LIMIT 1") != nil
            else { return }
            // The library's hits follow every hit of the entries' own texts, so a page is still a
            // slice of one answer: how many of those came before this page decides the offset.
            var before = offset
            if shown == 0, offset > 0 {
                before = 0
                try search(selection, limit: offset, offset: 0, withText: false) { _ in before += 1 }
            }
            let values: [(any SQLValue)?] =
                [match] + selection.values + [match, limit.map { $0 - shown } ?? -1, max(0, offset - before)]
            try read(selection.bodyHits(withText: withText), values, withText: withText) { entry, _ in body(entry) }
        }
    }

    private func search(
        _ selection: EntrySelection, limit: Int?, offset: Int, withText: Bool, _ body: (Entry) -> Void
    ) throws(StoreError) {
        guard let match = selection.match else {
            try searchRecent(selection, below: nil, limit: limit, offset: offset, withText: withText) { entry, _ in
                body(entry)
            }
            return
        }
        try database.withCacheSize(kibibytes: 256) { () throws(StoreError) in
            if selection.ranked {
                try searchRanked(selection, match, limit: limit, offset: offset, withText: withText, body)
            } else {
                try searchRecent(selection, below: nil, limit: limit, offset: offset, withText: withText) { entry, _ in
                    body(entry)
                }
            }
        }
    }

    /// The ranking window's slice of the page, then the older hits the page still needs. The
    /// window is ranked in the pass that finds it; its extent (how many hits, the lowest rowid) is
    /// asked only when the page goes on below it.
    private func searchRanked(
        _ selection: EntrySelection, _ match: String, limit: Int?, offset: Int, withText: Bool, _ body: (Entry) -> Void
    ) throws(StoreError) {
        try database.registerRankFunction()
        let inWindow: [(any SQLValue)?] = [match, Self.rankingWindow] + selection.values
        var shown = 0
        try read(
            selection.rankedWindowPage(withText: withText), inWindow + [limit ?? -1, offset], withText: withText
        ) { entry, _ in
            shown += 1
            body(entry)
        }
        if let limit, shown >= limit { return }
        let window = try database.with(EntrySelection.windowFloor, [match, Self.rankingWindow]) {
            row throws(StoreError) -> (hits: Int64, floor: Int64?) in
            try row.step() ? (row.int(0), row.optionalInt(1)) : (0, nil)
        }
        // A window short of its size held every hit.
        guard window.hits >= Self.rankingWindow, let floor = window.floor else { return }
        let ranked =
            shown > 0 || offset == 0
            ? offset + shown
            : try database.with(selection.windowCount, inWindow) { row throws(StoreError) in try row.step() ? Int(row.int(0)) : 0
            }
        let rest: [(any SQLValue)?] = [floor, limit.map { $0 - shown } ?? -1, max(0, offset - ranked)]
        try read(selection.belowWindow(withText: withText), [match] + selection.values + rest, withText: withText) {
            entry, _ in body(entry)
        }
    }

    /// Full-text hits newest first (the history's order), below the position `below` when set;
    /// `body` receives each entry with its position (`seq`), the keyset of the next page. With
    /// `partial`, a phrase or several words stop once the first walk has looked at its
    /// `firstWalk` entries, the page full or not, and the position where the walk stopped is
    /// returned: the rest of the answer starts below it (a picker shows what was found and asks
    /// for the rest between keystrokes, `PickerPage.next`).
    @discardableResult
    func searchRecent(
        _ selection: EntrySelection, below: Int64?, limit: Int?, offset: Int, withText: Bool, partial: Bool = false,
        _ body: (Entry, Int64) -> Void
    ) throws(StoreError) -> Int64? {
        guard let match = selection.match else {
            // A tag, a kind, an archive status, an application or a source few entries have: its
            // own index, not every row of the history.
            if selection.rareKind != nil || selection.archive != nil || !selection.tags.isEmpty
                || !selection.appPatterns.isEmpty || !selection.sources.isEmpty
            {
                try walk(selection, nil, below: below, limit: limit, offset: offset, withText: withText, body)
                return nil
            }
            let sql = selection.filteredPage(withText: withText, keyset: below != nil)
            let values = selection.values + (below.map { [$0] } ?? []) + [limit ?? -1, offset]
            try read(sql, values, withText: withText, body)
            return nil
        }
        var (below, limit, offset) = (below, limit, offset)
        if selection.combined {
            // A phrase or several words: even a few hits may mean reading long lists whole (every
            // position of two common words, for `"the invoice"`). The newest entries are walked
            // first, which finds a page whose hits are among them at a bounded cost; the rest of
            // the answer starts below where the walk stopped.
            let progress = try walk(
                selection, match, below: below, limit: limit, offset: offset, withText: withText, budget: Self.firstWalk, body)
            if progress.ended { return nil }
            if partial { return progress.below }
            (below, limit, offset) = (progress.below, limit.map { $0 - progress.shown }, offset - progress.skipped)
        }
        let keyset: [(any SQLValue)?] = below.map { [$0] } ?? []
        let page: [(any SQLValue)?] = [limit ?? -1, offset]
        // The hits, up to one more than "few": a common word stops the read at once, and a rarer
        // query (a phrase of common words) is read once, not counted and then read again. In
        // rowid order, which FTS5 reads faster than the reverse.
        let hits = try database.with(
            "SELECT rowid FROM entry_fts WHERE entry_fts MATCH ? LIMIT ?", [match, Self.fewHits + 1]
        ) { row throws(StoreError) in
            var ids: [Int64] = []
            while try row.step() { ids.append(row.int(0)) }
            return ids
        }
        if hits.count <= Self.fewHits {
            let sql = selection.listedHitsPage(withText: withText, keyset: below != nil)
            let list = "[" + hits.lazy.map { String($0) }.joined(separator: ",") + "]"
            try read(sql, [list] + selection.values + keyset + page, withText: withText, body)
        } else {
            try walk(selection, match, below: below, limit: limit, offset: offset, withText: withText, body)
        }
        return nil
    }

    /// Runs a statement that selected `EntrySelection.pageColumns` and hands each row to `body`.
    func read(
        _ sql: String, _ values: [(any SQLValue)?], withText: Bool, _ body: (Entry, Int64) -> Void
    ) throws(StoreError) {
        try database.with(sql, values) { row throws(StoreError) in
            let columns = try EntryColumns(row, withText: withText, payloads: payloads)
            let seq = try row.column("page_seq")
            while try row.step() { body(columns.entry(row), row.int(seq)) }
        }
    }
}
