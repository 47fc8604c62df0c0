import CopypastaCore
import CopypastaStore
import Glibc
import TestSupport
import Testing

/// Link items, their archive rows, bodies and payload folders as the store keeps them.
@Suite struct LibraryStoreTests {
    let sandbox = Sandbox()

    func open() throws -> HistoryStore { try HistoryStore(path: sandbox.database) }

    /// Writes a small archive folder the way the archive worker does and returns its name.
    func archiveFolder(_ store: HistoryStore) throws -> String {
        let folder = PayloadArea.newFolder()
        try store.payloads.write(Array("<p>page</p>".utf8), to: "page.html", kind: .links, folder: folder)
        try store.payloads.write([1, 2, 3], to: "assets/1.png", kind: .links, folder: folder)
        return folder
    }

    @Test func addLinkStoresALinkItemWithItsQueuedArchive() throws {
        let store = try open()
        let id = try store.addLink(
            url: " https://example.com/a ", title: "A page", tags: ["read"], source: .manual, archive: true, at: .now())
        let entry = try store.entry(id: id)
        #expect(entry.kind == .link && entry.text == "https://example.com/a" && entry.tags == ["read"])
        let link = try #require(try store.link(id: id))
        #expect(link.url == "https://example.com/a" && link.title == "A page" && link.status == .pending)
        #expect(link.attempts == 0 && link.folder == nil && link.archivedAt == nil)
        #expect(try store.pendingArchives(limit: 10).map(\.id) == [id])
        let quiet = try store.addLink(url: "https://example.org/", archive: false, at: .now())
        #expect(try store.link(id: quiet)?.status == ArchiveStatus.none)
        #expect(try store.pendingArchives(limit: 10).map(\.id) == [id])
    }

    @Test func aBookmarkKeepsItsSourceAndAnOddURLIsRefused() throws {
        let store = try open()
        let id = try store.addLink(url: "https://example.com/b", source: .bookmarks, archive: false, at: .now(), policy: .keep)
        #expect(try store.entry(id: id).source == .bookmarks)
        #expect(throws: StoreError.self) { try store.addLink(url: "not a url", archive: true, at: .now()) }
        #expect(try store.count(includePinned: true) == 1)
    }

    @Test func addingTheSameURLAgainMovesItAndQueuesAFailedArchiveAgain() throws {
        let store = try open()
        let id = try store.addLink(url: "https://example.com/c", archive: true, at: .now())
        try store.recordArchive(id: id, status: .failed, reason: "timeout", folder: nil, readableText: nil, at: .now())
        #expect(try store.link(id: id)?.status == .failed)
        #expect(try store.addLink(url: "https://example.com/c", title: "C", archive: true, at: .now()) == id)
        let link = try #require(try store.link(id: id))
        #expect(link.status == .pending && link.title == "C" && link.attempts == 0)
    }

    @Test func pendingArchivesSkipTheTrashAndFinishedLinks() throws {
        let store = try open()
        let first = try store.addLink(url: "https://example.com/1", archive: true, at: .now())
        let second = try store.addLink(url: "https://example.com/2", archive: true, at: .now())
        let third = try store.addLink(url: "https://example.com/3", archive: true, at: .now())
        try store.trash(ids: [second], at: .now())
        try store.recordArchive(id: third, status: .full, reason: nil, folder: nil, readableText: nil, at: .now())
        #expect(try store.pendingArchives(limit: 10).map(\.id) == [first])
        #expect(try store.pendingArchives(limit: 0).isEmpty)
    }

    @Test func recordArchiveKeepsMetadataAndTheReaderText() throws {
        let store = try open()
        let id = try store.addLink(url: "https://example.com/article", archive: true, at: .now())
        let folder = try archiveFolder(store)
        let when = Timestamp(microseconds: 1_700_000_000_000_000)
        try store.recordArchive(
            id: id, status: .partial, reason: "2 assets missing", folder: folder,
            page: .init(title: "The Article", author: "Ann", published: "2024-05-01"), readableText: "body words", at: when)
        let link = try #require(try store.link(id: id))
        #expect(link.status == .partial && link.reason == "2 assets missing" && link.folder == folder)
        #expect(link.pageTitle == "The Article" && link.author == "Ann" && link.published == "2024-05-01")
        #expect(link.archivedAt == when && link.attempts == 1 && link.displayTitle == "The Article")
        #expect(try store.body(id: id, source: .reader) == "body words")
        try store.recordArchive(id: id, status: .failed, reason: "HTTP 500", folder: nil, readableText: nil, at: .now())
        let failed = try #require(try store.link(id: id))
        #expect(failed.folder == folder && failed.pageTitle == "The Article" && failed.attempts == 2)
        #expect(throws: StoreError.noSuchEntry(999)) {
            try store.recordArchive(id: 999, status: .full, reason: nil, folder: nil, readableText: nil, at: .now())
        }
    }

    @Test func setBodyReplacesAndRemovesText() throws {
        let store = try open()
        let id = try #require(try store.add("a note", at: .now(), policy: .move, maxEntries: 0).id)
        try store.setBody(id: id, source: .summary, text: "first")
        try store.setBody(id: id, source: .summary, text: "second")
        try store.setBody(id: id, source: .document, text: "extracted")
        #expect(try store.body(id: id, source: .summary) == "second")
        try store.setBody(id: id, source: .summary, text: nil)
        #expect(try store.body(id: id, source: .summary) == nil && store.body(id: id, source: .document) == "extracted")
        #expect(throws: StoreError.noSuchEntry(77)) { try store.setBody(id: 77, source: .reader, text: "x") }
    }

    @Test func aNewArchiveFolderUnlinksTheOldOne() throws {
        let store = try open()
        let id = try store.addLink(url: "https://example.com/r", archive: true, at: .now())
        let old = try archiveFolder(store)
        try store.recordArchive(id: id, status: .full, reason: nil, folder: old, readableText: nil, at: .now())
        let new = try archiveFolder(store)
        try store.recordArchive(id: id, status: .full, reason: nil, folder: new, readableText: nil, at: .now())
        #expect(!store.payloads.exists(.links, old) && store.payloads.exists(.links, new))
    }

    @Test func deletingForGoodUnlinksTheArchiveAndDropsTheRows() throws {
        let store = try open()
        let id = try store.addLink(url: "https://example.com/d", archive: true, at: .now())
        let folder = try archiveFolder(store)
        try store.recordArchive(id: id, status: .full, reason: nil, folder: folder, readableText: "gone", at: .now())
        try store.delete(ids: [id])
        #expect(!store.payloads.exists(.links, folder))
        #expect(try store.link(id: id) == nil && store.body(id: id, source: .reader) == nil)
        #expect(LibraryWalk.files(under: store.payloads.directory(.links)).isEmpty)
    }
}

/// The files below a directory, for tests that check nothing was left behind.
enum LibraryWalk {
    /// Every path below `directory` that is not a directory, relative to it.
    static func files(under directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                found += files(under: path).map { name + "/" + $0 }
            } else {
                found.append(name)
            }
        }
        return found
    }
}
