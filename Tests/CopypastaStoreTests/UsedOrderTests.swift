import CopypastaCore
import TestSupport
import Testing

@testable import CopypastaStore

/// `order = used`: a restore moves an entry to the top of listings and of the recency order of
/// searches, without changing its id, its capture time or the history's own order.
@Suite struct UsedOrderTests {
    let sandbox = Sandbox()

    func open(_ order: HistoryOrder) throws -> HistoryStore {
        let store = try HistoryStore(path: sandbox.database)
        store.order = order
        return store
    }

    @discardableResult
    func capture(_ store: HistoryStore, _ text: String) throws -> Int64 {
        let outcome = try store.capture(
            text, source: .clipboard, sourceApp: "App", at: .now(), policy: .move, maxEntries: 0, isNewest: true)
        return try #require(outcome.id)
    }

    func texts(_ store: HistoryStore, _ filter: EntryFilter = EntryFilter()) throws -> [String] {
        try store.entries(filter).map(\.previewSource)
    }

    @Test func aRestoreMovesTheEntryUpOnlyInTheUsedOrder() throws {
        let store = try open(.used)
        let first = try capture(store, "first")
        try capture(store, "second")
        try capture(store, "third")
        let before = try store.entry(id: first)
        try store.markUsed(id: first, at: .now())
        #expect(try texts(store) == ["first", "third", "second"])
        let after = try store.entry(id: first)
        #expect(after.id == before.id && after.capturedAt == before.capturedAt)
        // A picker's page.
        #expect(try texts(store, EntryFilter(limit: 2)) == ["first", "third"])
        store.order = .captured
        #expect(try texts(store) == ["third", "second", "first"])
    }

    @Test func aCopyAfterARestoreIsAboveIt() throws {
        let store = try open(.used)
        let old = try capture(store, "old")
        let older = try capture(store, "older")
        try store.markUsed(id: old, at: .now())
        try store.markUsed(id: older, at: .now())
        #expect(try texts(store) == ["older", "old"])
        try capture(store, "new")
        #expect(try texts(store) == ["new", "older", "old"])
        try store.markUsed(id: old, at: .now())
        #expect(try texts(store) == ["old", "new", "older"])
    }

    /// The used order is the listing's; a query's hits keep the stored order, so that a page of
    /// a common word is read by the position index without sorting all its hits (copypasta(1) `order`).
    @Test func fullTextSearchByRecencyKeepsTheStoredOrder() throws {
        let store = try open(.used)
        let first = try capture(store, "apple one")
        try capture(store, "apple two")
        try store.markUsed(id: first, at: .now())
        #expect(try texts(store) == ["apple one", "apple two"])
        let hits = try store.search(try SearchQuery.parse("apple"), order: .recent, limit: 10)
        #expect(hits.map(\.previewSource) == ["apple two", "apple one"])
        let all = try store.search(try SearchQuery.parse("apple"), order: .recent, limit: nil)
        #expect(all.map(\.previewSource) == ["apple two", "apple one"])
    }

    /// Every page, with any offset and a filter, is the slice of the whole sorted listing.
    @Test func pagesAreSlicesOfTheWholeListing() throws {
        let store = try open(.used)
        var ids: [Int64] = []
        for index in 0..<12 { ids.append(try capture(store, "text \(index)")) }
        for index in [3, 9, 0, 5] { try store.markUsed(id: ids[index], at: .now()) }
        try store.addTags(id: ids[0], ["t"])
        try store.addTags(id: ids[7], ["t"])
        try store.addTags(id: ids[11], ["t"])
        for tag in [nil, "t"] {
            let whole = try store.entries(EntryFilter(tag: tag)).map(\.id)
            for limit in 1...4 {
                for offset in 0...whole.count {
                    let page = try store.entries(EntryFilter(tag: tag, limit: limit, offset: offset)).map(\.id)
                    #expect(page == Array(whole.dropFirst(offset).prefix(limit)), "tag \(tag ?? "-") \(limit)@\(offset)")
                }
            }
        }
        #expect(try store.entries().map(\.previewSource).prefix(4) == ["text 5", "text 0", "text 9", "text 3"])
    }

    /// At a million entries a page must come from two short index walks, never from sorting the
    /// history.
    @Test func aPageInTheUsedOrderWalksTheStoredAndTheRestoredIndexes() throws {
        let store = try open(.used)
        var selection = EntrySelection(EntryFilter(limit: 20))
        selection.order = .used
        let (sql, values) = selection.statement(withText: false, limit: 20, offset: 0)
        let plan = try store.database.with("EXPLAIN QUERY PLAN " + sql, values) { row throws(StoreError) in
            let detail = try row.column("detail")
            var lines: [String] = []
            while try row.step() { lines.append(row.text(detail) ?? "") }
            return lines.joined(separator: "\n")
        }
        #expect(plan.contains("USING INDEX entry_by_seq") && plan.contains("USING INDEX entry_by_use"), "\(plan)")
        #expect(!plan.contains("SCAN e\n") && !plan.hasSuffix("SCAN e"), "\(plan)")
    }
}
