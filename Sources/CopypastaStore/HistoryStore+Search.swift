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
            let sql = selection.filteredPage(withText: withText, keyset: false)
            return try read(sql, selection.values + [limit ?? -1, offset], withText: withText) { entry, _ in body(entry) }
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

    /// The ranking window's slice of the page, then the older hits the page still needs.
    private func searchRanked(
        _ selection: EntrySelection, _ match: String, limit: Int?, offset: Int, withText: Bool, _ body: (Entry) -> Void
    ) throws(StoreError) {
        try database.registerRankFunction()
        let window = try database.with(EntrySelection.windowFloor, [match, Self.rankingWindow]) {
            row throws(StoreError) -> (hits: Int64, floor: Int64?) in
            try row.step() ? (row.int(0), row.optionalInt(1)) : (0, nil)
        }
        guard let floor = window.floor else { return }
        let inWindow: [(any SQLValue)?] = [match, floor] + selection.values
        var shown = 0
        try read(
            selection.rankedWindowPage(withText: withText), inWindow + [limit ?? -1, offset], withText: withText
        ) { entry, _ in
            shown += 1
            body(entry)
        }
        // A window short of its size held every hit.
        guard window.hits >= Self.rankingWindow else { return }
        if let limit, shown >= limit { return }
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
    /// `body` receives each entry with its position (`seq`), the keyset of the next page.
    func searchRecent(
        _ selection: EntrySelection, below: Int64?, limit: Int?, offset: Int, withText: Bool,
        _ body: (Entry, Int64) -> Void
    ) throws(StoreError) {
        guard let match = selection.match else {
            let sql = selection.filteredPage(withText: withText, keyset: below != nil)
            let values = selection.values + (below.map { [$0] } ?? []) + [limit ?? -1, offset]
            return try read(sql, values, withText: withText, body)
        }
        let keyset: [(any SQLValue)?] = below.map { [$0] } ?? []
        let page: [(any SQLValue)?] = [limit ?? -1, offset]
        let hits = try database.scalarInt(
            "SELECT count(*) FROM (SELECT 1 FROM entry_fts WHERE entry_fts MATCH ? LIMIT ?)", match, Self.fewHits + 1)
        if (hits ?? 0) <= Self.fewHits {
            let sql = selection.fewHitsPage(withText: withText, keyset: below != nil)
            try read(sql, [match] + selection.values + keyset + page, withText: withText, body)
        } else {
            try walk(selection, match, below: below, limit: limit, offset: offset, withText: withText, body)
        }
    }

    /// Walks the place newest first in chunks (2,048 entries, doubling up to 65,536), asks the
    /// full-text index for the hits among each chunk's ids, and reads the hits that pass the
    /// filters with one statement per chunk, until the page is full.
    private func walk(
        _ selection: EntrySelection, _ match: String, below: Int64?, limit: Int?, offset: Int, withText: Bool,
        _ body: (Entry, Int64) -> Void
    ) throws(StoreError) {
        var cursor = below ?? Int64.max
        var size = 2048
        var skipped = 0
        var shown = 0
        let rowSQL = selection.walkedRows(withText: withText)
        while true {
            let chunk = try database.with(selection.chunk, [cursor, size]) { row throws(StoreError) in
                var ids: [(id: Int64, seq: Int64)] = []
                while try row.step() { ids.append((row.int(0), row.int(1))) }
                return ids
            }
            let hits = try hits(match, among: chunk.map(\.id))
            let list = "[" + chunk.lazy.filter { hits.contains($0.id) }.map { String($0.id) }.joined(separator: ",") + "]"
            let wanted = limit.map { $0 - shown + offset - skipped } ?? -1
            try read(rowSQL, [list] + selection.values + [wanted], withText: withText) { entry, seq in
                if skipped < offset {
                    skipped += 1
                } else if limit.map({ shown < $0 }) ?? true {
                    shown += 1
                    body(entry, seq)
                }
            }
            if let limit, shown >= limit { return }
            guard chunk.count == size, let last = chunk.last else { return }
            cursor = last.seq
            size = min(size * 2, 65536)
        }
    }

    /// The ids among `ids` that hold the terms: one full-text query per run of nearby ids (a
    /// rowid range, which FTS5 seeks to), so an entry moved to the top long after it was stored
    /// costs a look-up of its own rather than a range over everything in between.
    private func hits(_ match: String, among ids: [Int64]) throws(StoreError) -> Set<Int64> {
        let sorted = ids.sorted()
        var found = Set<Int64>()
        var start = 0
        for index in sorted.indices where index == sorted.count - 1 || sorted[index + 1] - sorted[index] > 4096 {
            let sql = "SELECT rowid FROM entry_fts WHERE entry_fts MATCH ? AND rowid BETWEEN ? AND ?"
            try database.with(sql, [match, sorted[start], sorted[index]]) { row throws(StoreError) in
                while try row.step() { found.insert(row.int(0)) }
            }
            start = index + 1
        }
        return found
    }

    /// Runs a statement that selected `EntrySelection.pageColumns` and hands each row to `body`.
    private func read(
        _ sql: String, _ values: [(any SQLValue)?], withText: Bool, _ body: (Entry, Int64) -> Void
    ) throws(StoreError) {
        try database.with(sql, values) { row throws(StoreError) in
            let columns = try EntryColumns(row, withText: withText, payloads: payloads)
            let seq = try row.column("page_seq")
            while try row.step() { body(columns.entry(row), row.int(seq)) }
        }
    }
}
