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

    @Test func fullTextSearchByRecencyFollowsTheUsedOrder() throws {
        let store = try open(.used)
        let first = try capture(store, "apple one")
        try capture(store, "apple two")
        try store.markUsed(id: first, at: .now())
        let hits = try store.search(try SearchQuery.parse("apple"), order: .recent, limit: 10)
        #expect(hits.map(\.previewSource) == ["apple one", "apple two"])
        let all = try store.search(try SearchQuery.parse("apple"), order: .recent, limit: nil)
        #expect(all.map(\.previewSource) == ["apple one", "apple two"])
    }

    /// At a million entries a page must come from the index, never from sorting the history.
    @Test func aPageInTheUsedOrderReadsTheIndexWithoutSorting() throws {
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
        #expect(plan.contains("entry_live_by_use"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    }
}
