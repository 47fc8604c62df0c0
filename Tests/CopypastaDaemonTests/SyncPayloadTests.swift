import CopypastaCore
import CopypastaStore
import CopypastaSync
import Glibc
import TestSupport
import Testing

@testable import CopypastaDaemon

/// A document's file travels with its item through the sync folder, sealed (docs/DESIGN.md §14.2),
/// in the two-machine style of `SyncEngineTests`.
@Suite struct SyncPayloadTests {
    let shared = Sandbox()
    var folder: String { shared.root + "/synced/copypasta" }

    func pair() throws -> (SyncMachine, SyncMachine) {
        _ = Child.runQuietly(["mkdir", "-p", shared.root + "/synced"])
        let a = try SyncMachine(folder: folder) { $0.library.syncMaxFileMegabytes = 1 }
        let b = try SyncMachine(folder: folder)
        let key = try a.join(name: "desk")
        try b.join(key, name: "laptop")
        return (a, b)
    }

    /// Adds a document with `contents` on `machine`, as `add --file` does.
    func addDocument(_ machine: SyncMachine, name: String, contents: String) throws -> Int64 {
        let source = machine.sandbox.write("source/" + name, contents)
        let copied = try machine.store.payloads.copyIn(from: source, maxBytes: 1 << 30)
        let id = try machine.store.addDocument(copied, title: name, body: contents, at: .now())
        machine.engine.kick()
        return id
    }

    /// The id of the entry titled `title` on `machine`.
    func id(of title: String, on machine: SyncMachine) throws -> Int64? {
        try machine.store.entries(withText: true).first { $0.text == title }?.id
    }

    @Test func aDocumentsFileArrivesSealedAndTheOtherMachinesRowPointsAtIt() throws {
        let (a, b) = try pair()
        let contents = "the minutes of the meeting: heron\n"
        let original = try addDocument(a, name: "minutes.txt", contents: contents)
        a.settle()
        b.settle()
        let arrived = try #require(try id(of: "minutes.txt", on: b))
        let file = try #require(try b.store.file(id: arrived))
        #expect(try a.store.file(id: original)?.folder == file.folder)
        #expect(file.name == "minutes.txt" && file.size == Int64(contents.utf8.count))
        let path = try #require(try b.store.filePath(id: arrived))
        #expect(b.sandbox.read(path) == Array(contents.utf8))
        #expect(b.sandbox.mode(path) == 0o600)
        #expect(try b.store.entries(withText: true).first { $0.id == arrived }?.kind == .document)
        // The folder holds it sealed: the word is nowhere in plaintext.
        let syncFolder = SyncFolder(root: folder)
        let device = try DeviceIdentity.load(a.paths).id
        #expect(syncFolder.blobFolders(device: device) == [file.folder])
        let blob = shared.read(syncFolder.blobPath(device: device, folder: file.folder)) ?? []
        #expect(!blob.isEmpty && !blob.contains(Array("heron".utf8)))
    }

    @Test func aFileOverSyncMaxFileSizeStaysLocalAndTheOtherMachineKnowsIt() throws {
        let (a, b) = try pair()
        let big = String(repeating: "x", count: (1 << 20) + 1)
        _ = try addDocument(a, name: "big.bin", contents: big)
        a.settle()
        b.settle()
        let arrived = try #require(try id(of: "big.bin", on: b))
        let file = try #require(try b.store.file(id: arrived), "the row says a file belongs to the item")
        #expect(!b.store.payloads.exists(.documents, file.folder), "but its bytes stayed on the other machine")
        #expect(SyncFolder(root: folder).blobFolders(device: try DeviceIdentity.load(a.paths).id).isEmpty)
    }

    @Test func aPurgedItemsBlobLeavesTheFolder() throws {
        let (a, b) = try pair()
        let original = try addDocument(a, name: "draft.md", contents: "# a draft\n")
        a.settle()
        b.settle()
        let device = try DeviceIdentity.load(a.paths).id
        #expect(SyncFolder(root: folder).blobFolders(device: device).count == 1)
        try a.store.delete(ids: [original])
        a.settle()
        #expect(SyncFolder(root: folder).blobFolders(device: device).isEmpty)
        b.settle()
        #expect(try id(of: "draft.md", on: b) == nil)
    }
}
