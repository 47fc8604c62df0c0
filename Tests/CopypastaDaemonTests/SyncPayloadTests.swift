import CopypastaCore
import CopypastaStore
import CopypastaSync
import CopypastaSystem
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
        try SyncMachine.pair(in: shared) { $0.library.syncMaxFileMegabytes = 1 }
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
        let entry = try b.store.entry(id: arrived)
        #expect(file.notSynced && entry.fileState == "not synced (size)", "which is not missing")
        #expect(entry.libraryMarker == "file: not synced (size)")
        var json: [UInt8] = []
        JSONLines.appendLine(entry, to: &json)
        #expect(String(decoding: json, as: UTF8.self).contains("\"missing\":false,\"notSynced\":\"size\""))
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

    @Test func aFileAttachedAfterTheItemSyncedArrivesAndADetachTakesItOff() throws {
        let (a, b) = try pair()
        let original = try a.add("the minutes")
        a.settle()
        b.settle()
        let arrived = try #require(try id(of: "the minutes", on: b))
        #expect(try b.store.file(id: arrived) == nil)
        let source = a.sandbox.write("source/minutes.txt", "heron\n")
        try a.store.attachFile(id: original, try a.store.payloads.copyIn(from: source, maxBytes: 1 << 20), body: "heron")
        a.settle()
        b.settle()
        let path = try #require(try b.store.filePath(id: arrived))
        #expect(b.sandbox.read(path) == Array("heron\n".utf8))
        try a.store.detachFile(id: original)
        a.settle()
        b.settle()
        #expect(try b.store.file(id: arrived) == nil)
        #expect((FolderPath.names(in: b.store.payloads.directory(.documents)) ?? []).isEmpty, "no orphan copy is left")
    }

    @Test func aFileAttachedHereReplacesTheExtractedCopy() throws {
        let (a, b) = try pair()
        _ = try addDocument(a, name: "minutes.txt", contents: "heron\n")
        a.settle()
        b.settle()
        let arrived = try #require(try id(of: "minutes.txt", on: b))
        let extracted = try #require(try b.store.file(id: arrived)).folder
        let source = b.sandbox.write("source/minutes-v2.txt", "egret\n")
        try b.store.attachFile(id: arrived, try b.store.payloads.copyIn(from: source, maxBytes: 1 << 20), body: "egret")
        let own = try #require(try b.store.file(id: arrived)).folder
        #expect(FolderPath.names(in: b.store.payloads.directory(.documents)) == [own], "the extracted \(extracted) went")
        b.settle()
        a.settle()
        let onA = try #require(try id(of: "minutes.txt", on: a))
        #expect(try a.store.file(id: onA)?.folder == own, "the newer attach wins on both machines")
        #expect(FolderPath.names(in: a.store.payloads.directory(.documents)) == [own])
    }

    @Test func aTombstoneIsNoDetachTheTrashedItemKeepsItsFileOnTheOtherMachine() throws {
        let (a, b) = try pair()
        let original = try addDocument(a, name: "minutes.txt", contents: "heron\n")
        a.settle()
        b.settle()
        let arrived = try #require(try id(of: "minutes.txt", on: b))
        // A new file and the deletion leave in one record: a tombstone, with the file's new clock.
        let source = a.sandbox.write("source/minutes-v2.txt", "egret\n")
        try a.store.attachFile(id: original, try a.store.payloads.copyIn(from: source, maxBytes: 1 << 20), body: "egret")
        try a.store.trash(ids: [original], at: .now())
        a.settle()
        b.settle()
        #expect(try id(of: "minutes.txt", on: b) == nil, "the move to the trash arrived")
        let path = try #require(try b.store.filePath(id: arrived), "the trashed item still carries its file")
        #expect(b.sandbox.read(path) == Array("heron\n".utf8))
    }
}
