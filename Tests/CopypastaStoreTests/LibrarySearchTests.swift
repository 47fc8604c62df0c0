import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// Search over the library's texts: bodies, titles and the archive filter.
@Suite struct LibrarySearchTests {
    let sandbox = Sandbox()

    func search(_ store: HistoryStore, _ text: String, order: SearchOrder = .relevance, limit: Int? = nil, offset: Int = 0)
        throws -> [Int64]
    {
        try store.search(SearchQuery.parse(text), order: order, limit: limit, offset: offset).map(\.id)
    }

    /// A store with one link, archived, whose article (not its URL) has the word "axolotl".
    func storeWithArchivedLink() throws -> (HistoryStore, Int64) {
        let store = try HistoryStore(path: sandbox.database)
        let link = try store.addLink(url: "https://example.com/post", archive: true, at: .now())
        try store.recordArchive(
            id: link, status: .full, reason: nil, folder: nil, readableText: "a story about the axolotl", at: .now())
        return (store, link)
    }

    @Test func aWordOnlyInTheArticleFindsTheLinkAfterTheTextHits() throws {
        let (store, link) = try storeWithArchivedLink()
        let note = try #require(try store.add("axolotl notes", at: .now(), policy: .move, maxEntries: 0).id)
        #expect(try search(store, "axolotl") == [note, link])
        #expect(try search(store, "axolotl", order: .recent) == [note, link])
        #expect(try search(store, "axolotl", limit: 1, offset: 1) == [link])
        #expect(try search(store, "axolotl", limit: 1, offset: 0) == [note])
        #expect(try search(store, "example.com") == [link])
        #expect(try search(store, "axolotl kind:text") == [note])
    }

    @Test func thePickersPagesFindLibraryTextsAfterTheHistorysHits() throws {
        let (store, link) = try storeWithArchivedLink()
        let document = try #require(try store.add("report.pdf", at: .now(), policy: .move, maxEntries: 0).id)
        try store.setBody(id: document, source: .document, text: "axolotl habitat")
        let summarized = try #require(try store.add("plain", at: .now(), policy: .move, maxEntries: 0).id)
        try store.setBody(id: summarized, source: .summary, text: "about axolotl care")
        let note = try #require(try store.add("axolotl notes", at: .now(), policy: .move, maxEntries: 0).id)
        var ids: [Int64] = []
        var cursor: PickerCursor?
        repeat {
            let page = try store.pickerPage(SearchQuery.parse("axolotl"), after: cursor, limit: 1)
            ids += page.entries.map(\.id)
            cursor = page.next
        } while cursor != nil && ids.count < 10
        #expect(ids == [note, document, link, summarized])
        let whole = try store.pickerPage(SearchQuery.parse("axolotl"), limit: 50)
        #expect(whole.entries.map(\.id) == [note, document, link, summarized] && whole.next == nil)
        #expect(try store.pickerPage(SearchQuery.parse("axolotl kind:link"), limit: 50).entries.map(\.id) == [link])
    }

    @Test func titleHitsRankAboveBodyHitsAboveSummaries() throws {
        let store = try HistoryStore(path: sandbox.database)
        let summary = try #require(try store.add("first", at: .now(), policy: .move, maxEntries: 0).id)
        try store.setBody(id: summary, source: .summary, text: "quince")
        let body = try #require(try store.add("second", at: .now(), policy: .move, maxEntries: 0).id)
        try store.setBody(id: body, source: .document, text: "quince")
        let titled = try store.addLink(url: "https://example.com/q", title: "Quince", archive: false, at: .now())
        try store.setBody(id: titled, source: .title, text: "Quince")
        #expect(try search(store, "quince") == [titled, body, summary])
        try store.setBody(id: body, source: .document, text: nil)
        #expect(try search(store, "quince") == [titled, summary])
    }

    /// Issue 20: a bare word finds an entry by its tags' names too, ranked below a title hit and
    /// above an article's or a document's text; a collection by its folder names (not by the
    /// word `collection`); a link's domain is still found through its URL.
    @Test func tagNamesRankBetweenTitlesAndBodies() throws {
        let store = try HistoryStore(path: sandbox.database)
        let body = try #require(try store.add("second", at: .now(), policy: .move, maxEntries: 0).id)
        try store.setBody(id: body, source: .document, text: "quince jam")
        let tagged = try store.addLink(
            url: "https://www.fruit-shop.example/item", tags: ["quince", CollectionTag.tag("Recipes/Preserves")], archive: false,
            at: .now())
        let titled = try store.addLink(url: "https://example.com/q", title: "Quince", archive: false, at: .now())
        try store.setBody(id: titled, source: .title, text: "Quince")
        let older = try #require(try store.add("first", at: .now(), policy: .move, maxEntries: 0).id)
        try store.addTags(id: older, ["quince"])
        #expect(try search(store, "quince") == [titled, older, tagged, body])
        #expect(try search(store, "quince", limit: 2, offset: 1) == [older, tagged])
        #expect(try search(store, "preserves") == [tagged])
        #expect(try search(store, "collection").isEmpty)
        #expect(try search(store, "fruit") == [tagged])
        #expect(try search(store, "example.com") == [titled])
        #expect(try search(store, "quince tag:quince") == [older, tagged])
        try store.removeTags(id: older, ["quince"])
        try store.setTags(id: tagged, ["marmalade"])
        #expect(try search(store, "quince") == [titled, body])
        #expect(try search(store, "marmalade") == [tagged] && search(store, "preserves") == [tagged])
        try store.delete(ids: [tagged])
        #expect(try search(store, "marmalade").isEmpty)
    }

    @Test func theArchiveFilterSelectsByStatus() throws {
        let store = try HistoryStore(path: sandbox.database)
        let pending = try store.addLink(url: "https://example.com/1", archive: true, at: .now())
        let failed = try store.addLink(url: "https://example.com/2", archive: true, at: .now())
        try store.recordArchive(id: failed, status: .failed, reason: "HTTP 404", folder: nil, readableText: nil, at: .now())
        _ = try store.add("plain", at: .now(), policy: .move, maxEntries: 0)
        #expect(try search(store, "archive:pending") == [pending])
        #expect(try search(store, "archive:failed example") == [failed])
        #expect(throws: CoreError.self) { try SearchQuery.parse("archive:broken") }
        #expect(try SearchQuery.parse("kind:document").kind == .document)
        let listed = try store.entries(EntryFilter(kind: .link))
        #expect(listed.first { $0.id == failed }?.link?.reason == "HTTP 404")
    }
}
