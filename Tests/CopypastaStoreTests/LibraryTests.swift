import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// Links and collections as the store keeps and selects them.
@Suite struct LibraryTests {
    let sandbox = Sandbox()

    func open() throws -> HistoryStore { try HistoryStore(path: sandbox.database) }

    func add(_ store: HistoryStore, _ text: String, tags: [String] = []) throws -> Int64 {
        guard let id = try store.add(text, at: .now(), policy: .move, maxEntries: 0, tags: tags).id else {
            throw StoreError.invalid("not stored")
        }
        return id
    }

    @Test func aLinkIsKindLinkAndItsDomainIsSearchable() throws {
        let store = try open()
        let link = try add(store, "  https://www.example.com/a?b=c\n")
        let text = try add(store, "see https://www.example.com/a for details")
        #expect(try store.entry(id: link).kind == .link && store.entry(id: text).kind == .text)
        let links = try store.search(SearchQuery.parse("kind:link"), order: .recent, limit: nil)
        #expect(links.map(\.id) == [link])
        let texts = try store.search(SearchQuery.parse("kind:text example"), order: .recent, limit: nil)
        #expect(texts.map(\.id) == [text])
        let domain = try store.search(SearchQuery.parse("example.com"), order: .relevance, limit: 20)
        #expect(Set(domain.map(\.id)) == [link, text])
        #expect(try store.entries(EntryFilter(kind: .link)).map(\.id) == [link])
    }

    @Test func collectionsAreTagsMatchedWithoutCase() throws {
        let store = try open()
        let recipe = try add(store, "flour and eggs", tags: ["collection:Recipes", "kitchen"])
        _ = try add(store, "other text", tags: ["kitchen"])
        #expect(try store.entries(EntryFilter(collection: "recipes")).map(\.id) == [recipe])
        #expect(try store.search(SearchQuery.parse("collection:RECIPES"), order: .recent, limit: nil).map(\.id) == [recipe])
        #expect(try store.tagCounts() == [TagCount(name: "collection:Recipes", count: 1), TagCount(name: "kitchen", count: 2)])
    }
}
