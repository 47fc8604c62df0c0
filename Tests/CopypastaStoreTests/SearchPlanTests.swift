import CopypastaCore
import TestSupport
import Testing

@testable import CopypastaStore

/// The plans that keep a page fast for the queries issue 21 measured slow (BENCHMARKS.md,
/// "Keystroke to page"): a tag few entries hold drives the walk, a rarer query is read once,
/// and the full-text index has prefix indexes. Each still gives exactly the history's order.
@Suite struct SearchPlanTests {
    let sandbox = Sandbox()

    func sqlite(_ sql: String) throws -> ProcessResult { try Child(["sqlite3", sandbox.database, sql]).communicate() }

    /// 5,000 imported entries: "common" in all (more than a page reads whole, so they are
    /// walked), "pair of words" in every 9th, a prefix word in every 4th; every 7th tagged
    /// "work". Then a tagged entry goes to the trash and an old one is copied again (moved to the
    /// top although its id is old).
    func seeded() throws -> HistoryStore {
        let store = try HistoryStore(path: sandbox.database)
        _ = try store.importEntries(maxEntries: 0) { importer in
            for index in 0..<5000 {
                let pair = index % 9 == 0 ? " pair of words" : " words of pair"
                let prefix = index % 4 == 0 ? " prelude" : ""
                try importer.add(ImportRecord(text: "common \(index)\(pair)\(prefix)"))
            }
        }
        for id in stride(from: Int64(1), through: 5000, by: 7) { try store.addTags(id: id, ["work"]) }
        try store.trash(ids: [4999], at: .now())  // tagged: 4999 = 7 × 714 + 1
        _ = try store.add("common 35 words of pair", at: .now(), policy: .move, maxEntries: 0)
        return store
    }

    /// Every page of `text` as the picker reads it, `limit` at a time.
    func paged(_ store: HistoryStore, _ text: String, limit: Int) throws -> [Int64] {
        var ids: [Int64] = []
        var cursor: PickerCursor?
        repeat {
            let page = try store.pickerPage(SearchQuery.parse(text), after: cursor, limit: limit)
            ids += page.entries.map(\.id)
            cursor = page.next
        } while cursor != nil
        return ids
    }

    /// The history's own order (`list`) of the entries whose text passes `keep`.
    func listed(_ store: HistoryStore, tag: String? = nil, _ keep: (String) -> Bool) throws -> [Int64] {
        try store.entries(EntryFilter(tag: tag)).filter { keep($0.previewSource) }.map(\.id)
    }

    @Test func aTagFewEntriesHoldDrivesTheWalkInTheHistorysOrder() throws {
        let store = try seeded()
        let expected = try listed(store, tag: "work") { $0.contains("common") }
        #expect(expected.count > 700 && expected.first == 36, "the tagged entry copied again is on top")
        #expect(try paged(store, "tag:work common", limit: 40) == expected)
        let recent = try store.search(SearchQuery.parse("common tag:work"), order: .recent, limit: 30, offset: 7)
        #expect(recent.map(\.id) == Array(expected.dropFirst(7).prefix(30)))
    }

    /// Filters without words: a tag, a kind, an archive status, an application or a source is
    /// paged from its own index, in the history's order, and one that nobody has answers with
    /// nothing instead of reading every row.
    @Test func aTagOrAKindWithoutWordsIsPagedFromItsOwnIndex() throws {
        let store = try seeded()
        var links: [Int64] = []
        for index in 0..<30 {
            links.append(try store.addLink(url: "https://example.com/\(index)", archive: true, at: .now()))
            _ = try store.add("common between \(index)", at: .now(), policy: .move, maxEntries: 0)
        }
        try store.recordArchive(id: links[3], status: .full, reason: nil, folder: nil, readableText: nil, at: .now())
        let tagged = try listed(store, tag: "work") { _ in true }
        #expect(try paged(store, "tag:work", limit: 40) == tagged)
        #expect(try paged(store, "tag:nobody", limit: 40).isEmpty)
        #expect(try paged(store, "kind:link", limit: 7) == links.reversed())
        #expect(try paged(store, "archive:full", limit: 7) == [links[3]])
        #expect(try paged(store, "archive:pending kind:link", limit: 7) == links.reversed().filter { $0 != links[3] })
        let recent = try store.search(SearchQuery.parse("tag:work"), order: .relevance, limit: 25, offset: 5)
        #expect(recent.map(\.id) == Array(tagged.dropFirst(5).prefix(25)))
        #expect(try paged(store, "tag:work in:trash", limit: 10) == [4999])
        _ = try store.importEntries(maxEntries: 0) { importer in
            for index in 0..<12 {
                var record = ImportRecord(text: "drawn \(index)")
                record.sourceApp = index % 2 == 0 ? "Gimp-2.10" : "inkscape"
                try importer.add(record)
            }
        }
        let all = try store.entries(EntryFilter())
        #expect(try paged(store, "app:gimp", limit: 4) == all.filter { $0.sourceApp == "Gimp-2.10" }.map(\.id))
        #expect(try paged(store, "app:nosuch", limit: 4).isEmpty)
        #expect(try paged(store, "source:manual", limit: 9) == all.filter { $0.source == .manual }.map(\.id))
        #expect(try paged(store, "source:import app:inkscape", limit: 9) == all.filter { $0.sourceApp == "inkscape" }.map(\.id))
    }

    @Test func aPhraseWithFewHitsIsReadOnceInTheHistorysOrder() throws {
        let store = try seeded()
        let expected = try listed(store) { $0.contains("pair of words") }
        #expect(expected.count > 500 && expected.count < HistoryStore.fewHits)
        #expect(try paged(store, "\"pair of words\"", limit: 50) == expected)
        let recent = try store.search(SearchQuery.parse("\"pair of words\""), order: .recent, limit: 20, offset: 3)
        #expect(recent.map(\.id) == Array(expected.dropFirst(3).prefix(20)))
    }

    /// A phrase walks the newest entries first (`HistoryStore.firstWalk`) and then reads its
    /// other hits below where the walk stopped: ten hits among the newest entries, the others
    /// below the walk's reach, and the answer is the history's order all the same, by page and
    /// by offset.
    @Test func aPhraseWalksTheNewestEntriesThenReadsTheRestBelowThem() throws {
        let store = try HistoryStore(path: sandbox.database)
        let count = HistoryStore.firstWalk * 2 + 4000
        _ = try store.importEntries(maxEntries: 0) { importer in
            for index in 0..<count {
                let phrase = (index < 6000 && index % 97 == 0) || index > count - 11 ? " red heron" : " heron red"
                try importer.add(ImportRecord(text: "bird \(index)\(phrase)"))
            }
        }
        let expected = try store.entries(EntryFilter()).filter { $0.previewSource.contains("red heron") }.map(\.id)
        #expect(expected.count > 60)
        #expect(try paged(store, "\"red heron\"", limit: 25) == expected)
        let deep = try store.search(SearchQuery.parse("\"red heron\""), order: .recent, limit: 20, offset: 30)
        #expect(deep.map(\.id) == Array(expected.dropFirst(30).prefix(20)))
        let both = try store.search(SearchQuery.parse("bird \"red heron\""), order: .recent, limit: 50, offset: 0)
        #expect(both.map(\.id) == Array(expected.prefix(50)))
        // A picker window asks for partial pages: a page of 100 holds the hits the first walk
        // found (all but the ten oldest, which are below its reach) and a next page, which has
        // the ten.
        let phrase = try SearchQuery.parse("\"red heron\"")
        let first = try store.pickerPage(phrase, limit: 100, partial: true)
        #expect(first.next != nil)
        #expect(first.entries.map(\.id) == Array(expected.dropLast(10)))
        var ids = first.entries.map(\.id)
        var cursor = first.next
        while let after = cursor {
            let page = try store.pickerPage(phrase, after: after, limit: 100, partial: true)
            ids += page.entries.map(\.id)
            cursor = page.next
        }
        #expect(ids == expected)
    }

    /// The migration that adds the prefix indexes, run again on a filled history as an upgrade
    /// runs it: the same hits, and an index that still agrees with the texts after a deletion.
    @Test func thePrefixIndexesAreBuiltAgainFromTheTexts() throws {
        let store = try seeded()
        let schema = try sqlite("SELECT sql FROM sqlite_master WHERE name = 'entry_fts'")
        #expect(schema.output.contains("prefix = '2 3'"))
        let before = try paged(store, "pre*", limit: 100)
        #expect(before == (try listed(store) { $0.contains("prelude") }))
        let again = try sqlite("BEGIN; \(Schema.prefixIndexes.sql) COMMIT;")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try paged(store, "pre*", limit: 100) == before)
        try store.delete(ids: [before[0]])
        let check = try sqlite("INSERT INTO entry_fts (entry_fts, rank) VALUES ('integrity-check', 1)")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try paged(store, "pre*", limit: 100) == Array(before.dropFirst()))
    }
}
