import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// Snippets in the store: naming pins, the orders of a snippet listing, expiry, the trash, and
/// the find ranking's tie order.
@Suite struct SnippetStoreTests {
    let sandbox = Sandbox()

    func open() throws -> HistoryStore { try HistoryStore(path: sandbox.database) }

    func add(_ store: HistoryStore, _ text: String, at time: Int64 = 0, title: String? = nil) throws -> Int64 {
        let stamp = Timestamp(microseconds: time)
        guard let id = try store.add(text, at: stamp, policy: .move, maxEntries: 0, title: title).id else {
            throw StoreError.invalid("not stored")
        }
        return id
    }

    @Test func snippetsSortByUseRecencyAndTitle() throws {
        let store = try open()
        let zeta = try add(store, "zeta", at: 1, title: "zeta")
        let alpha = try add(store, "alpha", at: 2, title: "Alpha")
        _ = try add(store, "plain", at: 3)
        try store.markUsed(id: zeta, at: Timestamp(microseconds: 10))
        func ids(_ sort: EntrySort) throws -> [Int64] {
            var filter = EntryFilter()
            filter.snippetsOnly = true
            filter.sort = sort
            return try store.entries(filter).map(\.id)
        }
        #expect(try ids(.used) == [zeta, alpha])
        #expect(try ids(.recent) == [zeta, alpha])
        #expect(try ids(.title) == [alpha, zeta])
        #expect(try store.entry(id: zeta).pinned && store.entry(id: zeta).title == "zeta")
    }

    @Test func maxAgeSparesASnippetAndTheTrashKeepsItsTitle() throws {
        let store = try open()
        let named = try add(store, "old snippet", at: 1, title: "old")
        let plain = try add(store, "old plain", at: 1)
        try store.expire(now: Timestamp(microseconds: 1_000_000_000), trashDays: 30, maxAgeSeconds: 10)
        #expect(try store.entries().map(\.id) == [named])
        #expect(throws: StoreError.noSuchEntry(plain)) { try store.entry(id: plain) }
        try store.trash(ids: [named], at: Timestamp(microseconds: 2))
        #expect(try store.id(forTitle: "OLD") == named)
        let other = try add(store, "other")
        #expect(throws: StoreError.titleTaken("old", named)) { try store.setTitle(id: other, "old") }
        #expect(throws: StoreError.elsewhere(named, inTrash: true)) { try store.setTitle(id: named, "new") }
    }

    @Test func findBreaksTiesByUseCountThenRecency() throws {
        let store = try open()
        let first = try add(store, "signal one", at: 1)
        let second = try add(store, "signal two", at: 2)
        let third = try add(store, "signal three", at: 3)
        #expect(try store.find("sig", limit: 10).map(\.id) == [third, second, first])
        try store.markUsed(id: first, at: Timestamp(microseconds: 4))
        try store.markUsed(id: first, at: Timestamp(microseconds: 5))
        try store.markUsed(id: second, at: Timestamp(microseconds: 6))
        #expect(try store.find("sig", limit: 10).map(\.id) == [first, second, third])
        #expect(try store.find("sig", limit: 2).map(\.id) == [first, second])
        let named = try add(store, "nothing alike", at: 7, title: "xsigx")
        #expect(try store.find("sig", limit: 10).map(\.id) == [first, second, third, named])
        #expect(try store.find("xsigx", limit: 10).map(\.id) == [named])
    }
}
