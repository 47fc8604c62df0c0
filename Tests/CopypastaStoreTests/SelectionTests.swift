import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// List, search and pick select through one builder: the same filter gives the same entries,
/// and a page of a ranked search is the same slice of the whole ranking.
@Suite struct SelectionTests {
    let sandbox = Sandbox()

    /// Ten entries: "word" once in odd ids, three times in ids divisible by 3 (so several ties
    /// in bm25), pins on ids 2 and 3, tag "t" on 3, 4 and 5.
    func seeded() throws -> HistoryStore {
        let store = try HistoryStore(path: sandbox.database)
        for id in 1...10 {
            let text = id % 3 == 0 ? "word word word filler \(id)" : id % 2 == 1 ? "word filler \(id)" : "other filler \(id)"
            _ = try store.add(
                text, at: Timestamp(microseconds: Int64(id)), policy: .move, maxEntries: 0, pinned: id == 2 || id == 3,
                tags: (3...5).contains(id) ? ["t"] : [])
        }
        return store
    }

    func search(_ store: HistoryStore, _ query: String, order: SearchOrder = .relevance, limit: Int? = nil, offset: Int = 0)
        throws -> [Int64]
    {
        try store.search(SearchQuery.parse(query), order: order, limit: limit, offset: offset).map(\.id)
    }

    @Test func listFiltersAndSearchFiltersSelectTheSameEntries() throws {
        let store = try seeded()
        #expect(try store.entries(EntryFilter(tag: "T")).map(\.id) == [5, 4, 3])
        #expect(try search(store, "tag:T") == [5, 4, 3])
        #expect(try store.entries(EntryFilter(pinnedOnly: true)).map(\.id) == [3, 2])
        #expect(try search(store, "pinned:yes") == [3, 2])
        #expect(try store.entries(EntryFilter(pinnedOnly: true, tag: "t")).map(\.id) == [3])
        #expect(try search(store, "pinned:yes tag:t") == [3])
        #expect(try store.entries(EntryFilter(limit: 3, offset: 2)).map(\.id) == [8, 7, 6])
    }

    @Test func rankingPutsMoreFrequentWordsFirstAndTiesNewestFirst() throws {
        let store = try seeded()
        #expect(try search(store, "word") == [9, 6, 3, 7, 5, 1])
        #expect(try search(store, "word", order: .recent) == [9, 7, 6, 5, 3, 1])
        #expect(try search(store, "wor*") == [9, 6, 3, 7, 5, 1])
        #expect(try search(store, "word tag:t") == [3, 5])
        #expect(try search(store, "word pinned:no", order: .recent) == [9, 7, 6, 5, 1])
    }

    @Test func aPageOfASearchIsTheSameSliceOfTheWholeResult() throws {
        let store = try seeded()
        for query in ["word", "filler", "wor*", "filler tag:t"] {
            for order in SearchOrder.allCases {
                let all = try search(store, query, order: order)
                for offset in 0...all.count {
                    let page = try search(store, query, order: order, limit: 2, offset: offset)
                    #expect(page == Array(all.dropFirst(offset).prefix(2)), "\(query) \(order) offset \(offset)")
                }
            }
        }
    }

    @Test func tagsAreReadWhetherOrNotAnyEntryHasOne() throws {
        let store = try seeded()
        let listed = try store.entries().map(\.tags)
        #expect(listed == [[], [], [], [], [], ["t"], ["t"], ["t"], [], []])
        #expect(
            try store.search(SearchQuery.parse("word"), order: .recent, limit: 3, offset: 3).map(\.tags) == [["t"], ["t"], []])
        try store.removeTags(id: 3, ["t"])
        try store.removeTags(id: 4, ["t"])
        try store.removeTags(id: 5, ["t"])
        #expect(try store.entries().allSatisfy(\.tags.isEmpty))
    }

    @Test func aMovedEntryRanksByItsNewPosition() throws {
        let store = try seeded()
        _ = try store.add("word filler 1", at: Timestamp(microseconds: 99), policy: .move, maxEntries: 0)
        #expect(try search(store, "word") == [9, 6, 3, 1, 7, 5])
    }
}
