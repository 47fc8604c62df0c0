import CopypastaCore
import CopypastaStore
import Glibc
import TestSupport
import Testing

/// Documents and attached files as the store and the payload area keep them.
@Suite struct DocumentStoreTests {
    let sandbox = Sandbox()

    @Test func aCopiedDocumentIsItsOwnItemWithItsFileAndText() throws {
        let store = try HistoryStore(path: sandbox.database)
        let source = sandbox.write("in/report.txt", "quarterly figures")
        let copied = try store.payloads.copyIn(from: source, maxBytes: 1 << 20)
        #expect(
            copied.name == "report.txt" && copied.size == 17 && copied.digest == Sodium.sha256(Array("quarterly figures".utf8)))
        let id = try store.addDocument(copied, title: "Report", body: "quarterly figures", at: .now())
        let entry = try store.entry(id: id)
        #expect(entry.kind == .document && entry.text == "Report" && entry.file?.name == "report.txt" && !entry.payloadMissing)
        let path = try #require(try store.filePath(id: id))
        #expect(sandbox.read(path) == Array("quarterly figures".utf8) && sandbox.mode(path) == 0o600)
        #expect(try store.search(SearchQuery.parse("figures"), order: .relevance, limit: nil).map(\.id) == [id])
        try store.payloads.remove(.documents, copied.folder)
        #expect(try store.entry(id: id).payloadMissing)
    }

    @Test func aFileOverTheLimitIsRefusedAndNothingIsLeft() throws {
        let store = try HistoryStore(path: sandbox.database)
        let source = sandbox.write("big.bin", String(repeating: "x", count: 2000))
        #expect(throws: PayloadError.tooLarge(path: source, size: 2000, limit: 1000)) {
            try store.payloads.copyIn(from: source, maxBytes: 1000)
        }
        #expect(LibraryWalk.files(under: store.payloads.root).filter { !$0.hasPrefix("history") }.isEmpty)
    }

    @Test func attachAndDetachAFileAndAURL() throws {
        let store = try HistoryStore(path: sandbox.database)
        let id = try #require(try store.add("a note", at: .now(), policy: .move, maxEntries: 0).id)
        let copied = try store.payloads.copyIn(from: sandbox.write("a.md", "# heading"), maxBytes: 1 << 20)
        try store.attachFile(id: id, copied, body: "heading")
        try store.attachLink(id: id, url: "https://example.com/n", archive: true)
        let entry = try store.entry(id: id)
        #expect(entry.kind == .text && entry.file?.name == "a.md" && entry.link?.status == .pending)
        #expect(try store.detachFile(id: id) && !store.payloads.exists(.documents, copied.folder))
        #expect(try !store.detachFile(id: id))
        #expect(try store.detachLink(id: id) && store.link(id: id) == nil)
        #expect(throws: StoreError.noSuchEntry(42)) { try store.attachLink(id: 42, url: "https://example.com", archive: false) }
    }

    @Test func orphanFoldersAreSweptOnceOldEnough() throws {
        let store = try HistoryStore(path: sandbox.database)
        let kept = try store.payloads.copyIn(from: sandbox.write("k.txt", "kept"), maxBytes: 1 << 20)
        _ = try store.addDocument(kept, title: "k", body: nil, at: .now())
        let orphan = try store.payloads.copyIn(from: sandbox.write("o.txt", "orphan"), maxBytes: 1 << 20)
        #expect(try store.sweepOrphanPayloads() == 0)
        #expect(try store.sweepOrphanPayloads(minimumAge: 0) == 1)
        #expect(!store.payloads.exists(.documents, orphan.folder) && store.payloads.exists(.documents, kept.folder))
    }
}
