import CopypastaCore
import CopypastaStore
import CopypastaSync
import CopypastaSystem
import Glibc
import TestSupport
import Testing

@testable import CopypastaDaemon

/// A link's archive travels with its item through the sync folder, sealed, as one pack
/// (docs/DESIGN.md §14.2, "Link archives in sync"), in the two-machine style of `SyncPayloadTests`.
@Suite struct SyncArchiveTests {
    let shared = Sandbox()
    var folder: String { shared.root + "/synced/copypasta" }
    static let url = "https://example.org/heron"

    func pair() throws -> (SyncMachine, SyncMachine) {
        try SyncMachine.pair(in: shared, { $0.library.syncMaxFileMegabytes = 1 }, { $0.library.syncMaxFileMegabytes = 1 })
    }

    /// The files of a small archive: its page, its article and one image.
    static let files: [(String, [UInt8])] = [
        ("page.html", Array("<html><h1>The heron</h1><img src=assets/3f2a.png></html>".utf8)),
        ("reader.html", Array("<article><p>The grey heron wades.</p></article>".utf8)),
        ("assets/3f2a.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
    ]

    /// Archives `id` on `machine` as the archive worker does: the files in a new folder, then
    /// `recordArchive`. Returns the folder.
    @discardableResult
    static func archive(_ id: Int64, on machine: SyncMachine, extra: [(String, [UInt8])] = []) throws -> String {
        let archive = PayloadArea.newFolder()
        for (name, bytes) in files + extra {
            try machine.store.payloads.write(bytes, to: name, kind: .links, folder: archive)
        }
        try machine.store.recordArchive(
            id: id, status: .full, reason: nil, folder: archive,
            page: HistoryStore.PageFacts(title: "The heron", author: "A. Walker", published: "2026-11-01"),
            readableText: "The grey heron wades.", at: .now())
        machine.engine.kick()
        return archive
    }

    /// Adds `url` as a link item on `machine`, queued for its archive.
    static func addLink(_ machine: SyncMachine, _ url: String = url) throws -> Int64 {
        let id = try machine.store.addLink(url: url, archive: true, at: .now())
        machine.engine.kick()
        return id
    }

    /// The id of the entry whose text is `text` on `machine`.
    static func id(of text: String, on machine: SyncMachine) throws -> Int64? {
        try machine.store.entries(withText: true).first { $0.text == text }?.id
    }

    /// The link `a` added, once `a` wrote it out and `b` read it: its id on `b`.
    static func delivered(from a: SyncMachine, to b: SyncMachine) throws -> Int64 {
        a.settle()
        b.settle()
        return try #require(try id(of: url, on: b))
    }

    /// The folders under `kind` of `machine`'s payload area, hidden ones included.
    static func folders(_ kind: PayloadArea.Kind, of machine: SyncMachine) -> Set<String> {
        Set(FolderPath.names(in: machine.store.payloads.directory(kind)) ?? [])
    }

    @Test func anArchiveArrivesSealedAndTheOtherMachineHasTheSameLinkAndFiles() throws {
        let (a, b) = try pair()
        let original = try Self.addLink(a)
        let archive = try Self.archive(original, on: a)
        let arrived = try Self.delivered(from: a, to: b)
        let link = try #require(try b.store.link(id: arrived))
        #expect(link.status == .full && link.folder == archive && !link.notSynced)
        #expect(link.pageTitle == "The heron" && link.author == "A. Walker" && link.published == "2026-11-01")
        for (name, bytes) in Self.files {
            let path = b.store.payloads.path(.links, archive) + "/" + name
            #expect(b.sandbox.read(path) == bytes, "\(name) arrived as it was")
            #expect(b.sandbox.mode(path) == 0o600)
        }
        #expect(try b.store.body(id: arrived, source: .reader)?.contains("heron") == true, "search finds the article there")
        #expect(try b.store.entry(id: arrived).archiveState == "full")
        #expect(try b.store.pendingArchives(limit: 10).isEmpty)
        let device = try DeviceIdentity.load(a.paths).id
        let blob = shared.read(SyncFolder(root: folder).blobPath(device: device, folder: archive)) ?? []
        #expect(!blob.isEmpty && !blob.contains(Array("heron".utf8)), "the folder holds it sealed")
        #expect(Self.folders(.links, of: b) == [archive], "nothing half-written is left beside it")
    }

    @Test func aLinkPendingOnOneMachineIsNotArchivedAgainOnTheOther() throws {
        let (a, b) = try pair()
        let original = try Self.addLink(a)
        let arrived = try Self.delivered(from: a, to: b)
        #expect(try b.store.link(id: arrived)?.status == .pending)
        #expect(try b.store.pendingArchives(limit: 10).isEmpty, "the machine that queued it archives it")
        let archive = try Self.archive(original, on: a)
        a.settle()
        b.settle()
        #expect(try b.store.link(id: arrived)?.folder == archive)
        #expect(try b.store.link(id: arrived)?.status == .full)
    }

    @Test func anArchiveOverSyncMaxFileSizeStaysLocalAndTheOtherMachineSaysNotSynced() throws {
        let (a, b) = try pair()
        let original = try Self.addLink(a)
        let big = [UInt8](repeating: 0x78, count: 1 << 20)
        let archive = try Self.archive(original, on: a, extra: [("assets/big.bin", big)])
        let arrived = try Self.delivered(from: a, to: b)
        let entry = try b.store.entry(id: arrived)
        #expect(entry.link?.notSynced == true && !b.store.payloads.exists(.links, archive))
        #expect(entry.archiveState == "not synced (size)" && entry.libraryMarker == "archive: not synced (size)")
        var json: [UInt8] = []
        JSONLines.appendLine(entry, to: &json)
        #expect(String(decoding: json, as: UTF8.self).contains("\"archiveNotSynced\":\"size\""))
        #expect(SyncFolder(root: folder).blobFolders(device: try DeviceIdentity.load(a.paths).id).isEmpty)
        #expect(try a.store.entry(id: original).archiveState == "full", "the machine that made it still has it")
    }

    @Test func whenBothMachinesArchivedTheLinkTheNewerArchiveIsKeptOnBoth() throws {
        let (a, b) = try pair()
        let onA = try Self.addLink(a)
        let onB = try Self.addLink(b)
        let older = try Self.archive(onA, on: a)
        // Not a wait: the two clocks must fall in different milliseconds for "newer" to hold.
        usleep(5000)
        let newer = try Self.archive(onB, on: b)
        a.settle()
        b.settle()
        a.settle()
        #expect(try a.store.link(id: onA)?.folder == newer)
        #expect(try b.store.link(id: onB)?.folder == newer)
        #expect(Self.folders(.links, of: a) == [newer], "the older archive left machine A")
        #expect(Self.folders(.links, of: b) == [newer], "the older archive never stayed on machine B")
        #expect(!a.store.payloads.exists(.links, older))
    }

    @Test func anArchiveMadeHereReplacesTheExtractedCopyAndTravelsBack() throws {
        let (a, b) = try pair()
        let original = try Self.addLink(a)
        let extracted = try Self.archive(original, on: a)
        let arrived = try Self.delivered(from: a, to: b)
        #expect(b.store.payloads.exists(.links, extracted))
        try b.store.retryArchives(ids: [arrived])
        #expect(try b.store.pendingArchives(limit: 10).map(\.id) == [arrived], "a retry here archives here")
        let own = try Self.archive(arrived, on: b)
        #expect(Self.folders(.links, of: b) == [own], "the extracted copy went as the local one came")
        b.settle()
        a.settle()
        #expect(try a.store.link(id: original)?.folder == own)
        #expect(Self.folders(.links, of: a) == [own])
    }
}
