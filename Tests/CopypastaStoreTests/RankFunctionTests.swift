import CopypastaCore
import TestSupport
import Testing

@testable import CopypastaStore

/// `copypasta_bm25` must be bm25: equal scores on every kind of query (so the same order and the
/// same ties), whether it reads the length from the joined docsize row or asks FTS5 for it.
@Suite struct RankFunctionTests {
    let sandbox = Sandbox()

    /// Texts of many lengths and repetitions; "apple filler N" are ties in bm25 (same length,
    /// same count), told apart by storage order only.
    static let texts = [
        "apple", "apple apple banana", "apple pie with cream and apple sauce", "pineapple apple",
        "application apply apple", "an apple a day keeps the doctor away", "banana split",
        "apple banana cherry", "banana apple cherry apple banana", "cherry", "apple filler 1", "apple filler 2",
        "apple filler 3", "applesauce and apples", String(repeating: "apple banana orchard ", count: 60),
        String(repeating: "words without the fruit ", count: 30) + "apple",
    ]

    /// The FTS5 queries the search builds for these user queries: a word, a prefix, two words,
    /// a phrase, a prefix with a word, a phrase with a word.
    static let queries = [
        "apple", "app*", "apple banana", "\"apple banana\"", "app* banana", "\"banana apple\" cherry", "ban*", "filler",
    ]

    func seeded() throws -> HistoryStore {
        let store = try HistoryStore(path: sandbox.database)
        for (index, text) in Self.texts.enumerated() {
            _ = try store.add(
                text, at: Timestamp(microseconds: Int64(index + 1)), policy: .move, maxEntries: 0, pinned: false, tags: [])
        }
        return store
    }

    /// Each hit's scores as exact decimal texts: bm25, ours with the docsize row, ours without it
    /// (FTS5's own length), ours with a docsize value that is not a varint list (ignored).
    func scores(_ store: HistoryStore, _ match: String) throws -> [[String]] {
        try store.database.registerRankFunction()
        let name = RankFunction.name
        let sql = """
            SELECT printf('%!.17g', bm25(entry_fts)) AS bm25, printf('%!.17g', \(name)(entry_fts, d.sz)) AS joined,
                printf('%!.17g', \(name)(entry_fts)) AS asked, printf('%!.17g', \(name)(entry_fts, x'ffffffffffff')) AS bad
            FROM entry_fts f LEFT JOIN entry_fts_docsize d ON d.id = f.rowid WHERE entry_fts MATCH ?
            """
        return try store.database.with(sql, [match]) { row throws(StoreError) in
            let columns = try ["bm25", "joined", "asked", "bad"].map { name throws(StoreError) in try row.column(name) }
            var rows: [[String]] = []
            while try row.step() { rows.append(columns.map { row.text($0) ?? "NULL" }) }
            return rows
        }
    }

    /// The ids of the history's hits in bm25's order, newest first among equals.
    func bm25Order(_ store: HistoryStore, _ match: String) throws -> [Int64] {
        let sql = """
            SELECT f.rowid AS id FROM entry_fts f JOIN entry e ON e.id = f.rowid
            WHERE entry_fts MATCH ? AND e.trashed_at IS NULL ORDER BY bm25(entry_fts), e.seq DESC
            """
        return try store.database.with(sql, [match]) { row throws(StoreError) in
            var ids: [Int64] = []
            while try row.step() { ids.append(row.int(0)) }
            return ids
        }
    }

    @Test(arguments: queries) func scoresAreBm25sToTheLastBit(query: String) throws {
        let store = try seeded()
        let match = try #require(try SearchQuery.parse(query).matchExpression)
        let rows = try scores(store, match)
        #expect(!rows.isEmpty)
        for row in rows {
            #expect(Set(row).count == 1, "\(query): bm25, joined, asked, bad = \(row)")
        }
    }

    /// Asked for the order only, the score is bm25's with several phrases, and bm25's over its
    /// one IDF with a lone phrase: the same order and the same ties.
    @Test(arguments: queries) func orderOnlyScoresAreBm25sOverALonePhrasesIDF(query: String) throws {
        let store = try seeded()
        let parsed = try SearchQuery.parse(query)
        let match = try #require(parsed.matchExpression)
        try store.database.registerRankFunction()
        let sql = """
            SELECT printf('%!.17g', bm25(entry_fts)), printf('%!.17g', \(RankFunction.name)(entry_fts, d.sz, 1))
            FROM entry_fts f LEFT JOIN entry_fts_docsize d ON d.id = f.rowid WHERE entry_fts MATCH ?
            """
        let pairs = try store.database.with(sql, [match]) { row throws(StoreError) in
            var pairs: [(bm25: Double, ours: Double)] = []
            while try row.step() { pairs.append((Double(row.text(0) ?? "") ?? .nan, Double(row.text(1) ?? "") ?? .nan)) }
            return pairs
        }
        let first = try #require(pairs.first)
        for pair in pairs {
            if parsed.terms.count == 1 {
                #expect(abs(pair.bm25 / pair.ours - first.bm25 / first.ours) <= 1e-12, "\(query): \(pairs)")
            } else {
                #expect(pair.bm25 == pair.ours, "\(query): \(pairs)")
            }
        }
        for a in pairs {
            for b in pairs {
                #expect((a.bm25 < b.bm25) == (a.ours < b.ours) && (a.bm25 == b.bm25) == (a.ours == b.ours), "\(query)")
            }
        }
    }

    @Test(arguments: queries) func searchOrdersLikeBm25ThenNewestFirst(query: String) throws {
        let store = try seeded()
        let parsed = try SearchQuery.parse(query)
        let expected = try bm25Order(store, try #require(parsed.matchExpression))
        let all = try store.search(parsed, order: .relevance, limit: nil).map(\.id)
        #expect(all == expected)
        for offset in 0...expected.count {
            let page = try store.search(parsed, order: .relevance, limit: 3, offset: offset).map(\.id)
            #expect(page == Array(expected.dropFirst(offset).prefix(3)), "\(query) offset \(offset)")
            #expect(
                try store.search(parsed, order: .relevance, limit: nil, offset: offset).map(\.id) == Array(all.dropFirst(offset)))
        }
    }

    @Test func tiesInBm25AreNewestFirst() throws {
        let store = try seeded()
        let fillers = try store.search(SearchQuery.parse("filler"), order: .relevance, limit: nil).map(\.previewSource)
        #expect(fillers == ["apple filler 3", "apple filler 2", "apple filler 1"])
    }
}
