import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// A page of a search, and a picker's page, is read without ranking or sorting every hit, and
/// is still exactly the slice of the history's order (newest first) or of the ranking rule.
@Suite struct SearchPageTests {
    let sandbox = Sandbox()

    /// 4,600 imported entries holding "common" (more than a search sorts whole, so pages are
    /// walked), the oldest 600 of them three times (bm25 ranks those first), "rare" in every
    /// 500th; then two texts added on top, and an old imported text copied again (moved to the
    /// top although its id is old).
    func seeded() throws -> HistoryStore {
        let store = try HistoryStore(path: sandbox.database)
        _ = try store.importEntries(maxEntries: 0) { importer in
            for index in 0..<4600 {
                let words = index < 600 ? "common common common" : "common"
                try importer.add(ImportRecord(text: "\(words) \(index)\(index % 500 == 0 ? " rare" : "")"))
            }
        }
        for text in ["common newest one", "other newest two", "common 3999"] {
            _ = try store.add(text, at: .now(), policy: .move, maxEntries: 0)
        }
        return store
    }

    /// The ids of every entry holding `word`, in the history's own order (`list`).
    func listed(_ store: HistoryStore, holding word: String) throws -> [Int64] {
        try store.entries(EntryFilter()).filter { $0.previewSource.split(separator: " ").contains(Substring(word)) }.map(\.id)
    }

    @Test func pickerPagesFollowTheHistorysOrderForCommonAndRareWords() throws {
        let store = try seeded()
        for word in ["common", "rare"] {
            var ids: [Int64] = []
            var cursor: PickerCursor?
            repeat {
                let page = try store.pickerPage(SearchQuery.parse(word), after: cursor, limit: 700)
                ids += page.entries.map(\.id)
                cursor = page.next
            } while cursor != nil
            #expect(ids == (try listed(store, holding: word)), "\(word)")
        }
        let recent = try store.search(SearchQuery.parse("common"), order: .recent, limit: 30, offset: 3).map(\.id)
        #expect(recent == Array(try listed(store, holding: "common").dropFirst(3).prefix(30)))
    }

    @Test func aPickerPageWithoutWordsListsTheHistoryAndHonoursFilters() throws {
        let store = try seeded()
        let first = try store.pickerPage(SearchQuery(), limit: 5)
        #expect(first.entries.map(\.id) == (try store.entries(EntryFilter(limit: 5)).map(\.id)))
        let second = try store.pickerPage(SearchQuery(), after: first.next, limit: 5)
        #expect(second.entries.map(\.id) == (try store.entries(EntryFilter(limit: 5, offset: 5)).map(\.id)))
        #expect(try store.pickerPage(SearchQuery.parse("rare in:trash"), limit: 5).entries.isEmpty)
    }

    @Test func relevanceRanksOnlyTheNewestWindowThenOlderHitsNewestFirst() throws {
        let store = try seeded()
        let query = try SearchQuery.parse("common")
        let all = try store.search(query, order: .relevance, limit: nil).map(\.id)
        #expect(all.count == (try listed(store, holding: "common")).count)
        let newest = Set(all.sorted(by: >).prefix(HistoryStore.rankingWindow))
        // The thrice-"common" entries are the oldest: outside the window, so not ranked first.
        #expect(Set(all.prefix(HistoryStore.rankingWindow)) == newest)
        let older = Array(all.dropFirst(HistoryStore.rankingWindow))
        #expect(older == older.sorted(by: >))
        for offset in [0, 17, 990, 1000, 1500] {
            let page = try store.search(query, order: .relevance, limit: 20, offset: offset).map(\.id)
            #expect(page == Array(all.dropFirst(offset).prefix(20)), "offset \(offset)")
        }
    }

    /// A walk reuses the chunks of the history the last walk read only while nothing changed:
    /// an entry stored, moved to the top or trashed since, through this connection or another
    /// process's, shows in the next page.
    @Test func aWalkSeesWhatChangedSinceTheLastOne() throws {
        let store = try seeded()
        let phrase = try SearchQuery.parse("\"common common\"")
        let first = try store.pickerPage(phrase, limit: 5).entries.map(\.id)
        #expect(first.count == 5)
        let mine = try #require(try store.add("common common mine", at: .now(), policy: .move, maxEntries: 0).id)
        #expect(try store.pickerPage(phrase, limit: 5).entries.first?.id == mine)
        let other = try HistoryStore(path: sandbox.database)
        let theirs = try #require(try other.add("common common theirs", at: .now(), policy: .move, maxEntries: 0).id)
        #expect(try store.pickerPage(phrase, limit: 5).entries.map(\.id) == [theirs, mine] + first.prefix(3))
        _ = try other.add("common common 10", at: .now(), policy: .move, maxEntries: 0)
        #expect(try store.pickerPage(phrase, limit: 1).entries.first?.previewSource == "common common 10")
        try other.trash(ids: [theirs], at: .now())
        #expect(try !store.pickerPage(phrase, limit: 5).entries.map(\.id).contains(theirs))
        // A tag's entries drive the walk and are kept the same way.
        let tagged = try SearchQuery.parse("tag:kept common")
        try store.addTags(id: first[1], ["kept"])
        #expect(try store.pickerPage(tagged, limit: 5).entries.map(\.id) == [first[1]])
        try other.addTags(id: mine, ["kept"])
        #expect(try store.pickerPage(tagged, limit: 5).entries.map(\.id) == [mine, first[1]])
        try store.addTags(id: first[0], ["kept"])
        #expect(try store.pickerPage(tagged, limit: 5).entries.map(\.id) == [mine, first[0], first[1]])
    }
}
