import CopypastaCore
import CopypastaStore
import CopypastaSync
import Glibc
import TestSupport
import Testing

@testable import CopypastaDaemon

/// The sync engine between two or three machines sharing one folder: what a file-sync engine
/// would replicate is there at once, so these tests check copypasta's own part (queue, sealing,
/// merging, acknowledgements, failures) fast and without X; the Syncthing suites check the rest.
@Suite struct SyncEngineTests {
    let shared = Sandbox()
    var folder: String { shared.root + "/synced/copypasta" }

    func pair(_ configureB: (inout Config) -> Void = { _ in }) throws -> (SyncMachine, SyncMachine) {
        try SyncMachine.pair(in: shared, { _ in }, configureB)
    }

    /// `text` added on `a`, written out and read by `b`: its id on each machine.
    func sharedEntry(_ text: String, _ a: SyncMachine, _ b: SyncMachine) throws -> (onA: Int64, onB: Int64) {
        let onA = try a.add(text)
        a.settle()
        b.settle()
        return (onA, try #require(try b.store.entries(withText: true).first?.id))
    }

    @Test func aCopyOnOneMachineIsInTheOthersHistoryAndTurnsSynced() throws {
        let (a, b) = try pair()
        try a.add("copied on the desk")
        a.settle()
        #expect(try a.state(of: "copied on the desk") == .pending, "not acknowledged yet")
        b.settle()
        #expect(try b.texts() == ["copied on the desk"])
        #expect(try b.state(of: "copied on the desk") == .synced)
        a.settle()
        #expect(try a.state(of: "copied on the desk") == .synced)
        #expect(try a.store.syncPeers().first?.lastAckAt != nil && b.store.syncPeers().first?.lastReceivedAt != nil)
        #expect(try b.store.syncLogEntries(limit: 10).contains { $0.code == "import" && $0.detail.contains("1 new") })
    }

    @Test func aFolderUnderTheHomeDirectoryIsFoundThroughTilde() throws {
        _ = Child.runQuietly(["mkdir", "-p", shared.root + "/synced"])
        let a = try SyncMachine(folder: "~/synced/copypasta", home: shared.root)
        let b = try SyncMachine(folder: folder)
        let key = try a.join(name: "desk")
        try b.join(key, name: "laptop")
        try a.add("found through ~/")
        a.settle()
        b.settle()
        #expect(try b.texts() == ["found through ~/"])
    }

    @Test func theHistoryBeforeJoiningIsSharedAndTheFolderHoldsNoPlaintext() throws {
        _ = Child.runQuietly(["mkdir", "-p", shared.root + "/synced"])
        let a = try SyncMachine(folder: folder)
        try a.store.add("zebrafish-marker older entry", at: .now(), policy: .move, maxEntries: 0)
        try a.store.add("kept here", at: .now(), policy: .move, maxEntries: 0, syncLocal: true)
        let key = try a.join(name: "desk")
        a.settle()
        let b = try SyncMachine(folder: folder)
        try b.join(key, name: "laptop")
        b.settle()
        #expect(try b.texts() == ["zebrafish-marker older entry"])
        #expect(Child.runQuietly(["grep", "-rq", "zebrafish", shared.root]) == 1, "plaintext in the folder")
    }

    @Test func anImportElsewhereGoesBelowThisMachinesHistoryInItsOrder() throws {
        let (a, b) = try pair()
        try a.add("copied on the desk")
        a.settle()
        b.settle()
        _ = try b.store.importEntries(maxEntries: 0) { importer in
            for index in 1...3 { try importer.add(ImportRecord(text: "imported \(index)")) }
        }
        b.settle()
        a.settle()
        #expect(try a.texts() == ["copied on the desk", "imported 1", "imported 2", "imported 3"])
        #expect(try b.texts() == ["copied on the desk", "imported 1", "imported 2", "imported 3"])
    }

    @Test func localExcludedAndSecureEntriesNeverLeave() throws {
        let (a, b) = try pair()
        try a.add("local only", local: true)
        try a.add("shared")
        a.settle()
        b.settle()
        #expect(try b.texts() == ["shared"])
        #expect(try a.state(of: "local only") == .local)
    }

    @Test func pinTagAndTitleConvergeAndTheLaterChangeWins() throws {
        let (a, b) = try pair()
        let (onA, onB) = try sharedEntry("release notes", a, b)
        // Apart: A pins, B tags (different registers: both stay); both name it, B later (B wins).
        try a.store.setPinned(ids: [onA], true)
        try a.store.setTitle(id: onA, "notes-a")
        try b.store.addTags(id: onB, ["work"])
        try b.store.setTitle(id: onB, "notes-b")
        a.settle()
        b.settle()
        a.settle()
        for machine in [a, b] {
            let entry = try #require(try machine.store.entries(withText: true).first)
            #expect(entry.pinned && entry.tags == ["work"] && entry.title == "notes-b")
        }
    }

    @Test func aChangeAfterOneFromAClockFarAheadStillWinsEverywhere() throws {
        let (a, b) = try pair()
        let (onA, onB) = try sharedEntry("skewed", a, b)
        // B's clock jumped 400 days ahead: its pin carries a clock A does not take as its own, and
        // B's later clocks go on from it; none of that may cut B off.
        let wall = b.store.wallClock
        b.store.wallClock = { wall() + 400 * 86_400_000 }
        try b.store.setPinned(ids: [onB], true)
        b.store.wallClock = wall
        try b.add("copied on B after the jump")
        b.settle()
        a.settle()
        #expect(try a.store.entries(withText: true).contains { $0.text == "skewed" && $0.pinned })
        #expect(try a.texts().contains("copied on B after the jump"))
        // A unpins afterwards: the change must beat the clock it replaces, here and on B.
        try a.store.setPinned(ids: [onA], false)
        a.settle()
        b.settle()
        #expect(try a.store.entries(withText: true).first { $0.text == "skewed" }?.pinned == false)
        #expect(try b.store.entries(withText: true).first { $0.text == "skewed" }?.pinned == false)
    }

    @Test func aDeletionStaysDeletedAndACopyAgainRevivesIt() throws {
        let (a, b) = try pair()
        let id = try a.add("short-lived")
        a.settle()
        b.settle()
        #expect(try b.texts() == ["short-lived"])
        try a.store.delete(ids: [id])
        a.settle()
        b.settle()
        #expect(try b.texts().isEmpty)
        // Reading every file again after a restart does not bring it back.
        #expect(Child.runQuietly(["sqlite3", b.paths.database, "DELETE FROM sync_file"]) == 0)
        let again = try SyncMachine.restarted(b)
        again.settle()
        #expect(try again.texts().isEmpty)
        try again.add("short-lived")
        again.settle()
        a.settle()
        #expect(try a.texts() == ["short-lived"])
    }

    @Test func aDeletionToTheTrashReachesAPeerThatReadsOnlyThePack() throws {
        let (a, b) = try pair()
        let id = try a.add("binned")
        a.settle()
        b.settle()
        // `copypasta delete` trashes; the tombstone's segment is compacted away before B reads it.
        try a.store.trash(ids: [id], at: .now())
        a.settle()
        let ownFiles = try SyncFolder(root: folder).files().files.filter { $0.device == a.engine.state.identity?.id }
        #expect(ownFiles.allSatisfy { $0.kind == .pack })
        b.settle()
        #expect(try b.texts().isEmpty)
    }

    @Test func whatIsDeletedForGoodOrMadeLocalIsDeletedForGoodElsewhereNotTrashed() throws {
        let (a, b) = try pair()
        let secret = try a.add("zq-secret-made-local")
        let purged = try a.add("zq-deleted-for-good")
        let trashed = try a.add("deleted to the trash")
        a.settle()
        b.settle()
        #expect(try b.texts().count == 3)
        try a.store.setLocalOnly(id: secret)
        try a.store.delete(ids: [purged])
        try a.store.trash(ids: [trashed], at: .now())
        a.settle()
        b.settle()
        #expect(try b.texts().isEmpty)
        #expect(try b.store.trashCount() == 1, "a plain delete keeps the trash's safety net")
        #expect(try a.texts() == ["zq-secret-made-local"])
        for suffix in ["", "-wal", "-shm"] {
            let bytes = b.sandbox.read(b.paths.database + suffix) ?? []
            #expect(!bytes.contains(Array("zq-secret-made-local".utf8)), "in B's history.sqlite3\(suffix)")
            #expect(!bytes.contains(Array("zq-deleted-for-good".utf8)), "in B's history.sqlite3\(suffix)")
        }
        // An old record of it arriving late does not bring it back.
        #expect(Child.runQuietly(["sqlite3", b.paths.database, "DELETE FROM sync_file"]) == 0)
        b.settle()
        #expect(try b.texts().isEmpty)
        // Emptying the trash later deletes the trashed copy elsewhere for good too.
        #expect(try a.store.emptyTrash() == 1)
        a.settle()
        b.settle()
        #expect(try b.store.trashCount() == 0)
    }

    @Test func aFolderThatCannotBeWrittenFailsAfterFiveAttemptsAndRetryRecovers() throws {
        let (a, b) = try pair()
        let marker = folder + "/" + SyncFolder.markerName
        #expect(rename(marker, marker + ".away") == 0)
        try a.add("written while unmounted")
        a.engine.kick()
        for _ in 0..<20 { a.advance(1) }
        #expect(try a.state(of: "written while unmounted") == .failed)
        #expect(a.announced.count == 1)
        #expect(try a.store.syncLogEntries(limit: 50).filter { $0.code == "write" }.count == 4)
        #expect(rename(marker + ".away", marker) == 0)
        #expect(try a.store.retrySync(id: nil) == 1)
        a.settle()
        b.settle()
        #expect(try b.texts() == ["written while unmounted"])
    }

    @Test func pausedAndOffWriteNothingAndResumeCatchesUp() throws {
        let (a, b) = try pair()
        try a.store.setSync(paused: true)
        try a.add("while paused")
        a.settle()
        b.settle()
        #expect(try b.texts().isEmpty && a.state(of: "while paused") == .pending)
        try a.store.setSync(paused: false)
        a.settle()
        b.settle()
        #expect(try b.texts() == ["while paused"])
        try a.store.setSync(enabled: false)
        try a.add("while off")
        a.settle()
        try a.store.setSync(enabled: true)
        a.settle()
        b.settle()
        #expect(try a.state(of: "while off") == .local && b.texts() == ["while paused"])
    }

    @Test func junkTruncatedAndForeignFilesAreLoggedAndIgnored() throws {
        let (a, b) = try pair()
        try a.add("real entry")
        a.settle()
        let directory = try #require(try SyncFolder(root: folder).files().files.first?.path).split(separator: "/").dropLast()
            .joined(separator: "/")
        let segment = "/" + directory + "/s-0000000001.cps"
        let bytes = try #require(shared.read(segment))
        _ = shared.write(String(("/" + directory + "/s-0000000002.cps").dropFirst(shared.root.count + 1)), "short")
        for name in [".syncthing.s-0000000003.cps.tmp", "s-0000000001.sync-conflict-20261122-101010-ABCDEFG.cps"] {
            _ = shared.write(String(("/" + directory + "/" + name).dropFirst(shared.root.count + 1)), "junk")
        }
        #expect(bytes.count > 80)
        b.settle()
        #expect(try b.texts() == ["real entry"])
        var log = try b.store.syncLogEntries(limit: 50)
        #expect(log.contains { $0.code == "unreadable" && $0.detail.contains("s-0000000002.cps") })
        // Syncthing's temporary file is normal while it delivers a file: logged once it stays.
        #expect(log.filter { $0.code == "ignored" }.map(\.detail).allSatisfy { !$0.contains(".syncthing.") })
        b.settle()
        log = try b.store.syncLogEntries(limit: 50)
        #expect(log.filter { $0.code == "ignored" }.count == 2)
    }

    @Test func aMachineWithAnotherKeyLogsDecryptErrorsAndImportsNothing() throws {
        let (a, _) = try pair()
        try a.add("secret history")
        a.settle()
        let stranger = try SyncMachine(folder: folder)
        let identity = try DeviceIdentity.create(stranger.paths)
        try SyncKey.generate().save(stranger.paths)
        try SyncFolder(root: folder).writeDevice(identity: identity, name: "stranger")
        try stranger.store.setSync(enabled: true)
        stranger.engine.start()
        stranger.settle()
        #expect(try stranger.texts().isEmpty)
        #expect(try stranger.store.syncLogEntries(limit: 50).contains { $0.code == "decrypt" })
    }

    @Test func aLostFileOfThisDeviceIsWrittenAgainAsAPackAndTheEntriesTurnSynced() throws {
        let (a, b) = try pair()
        try a.add("one")
        a.settle()
        try a.add("two")
        a.settle()
        let first = try #require(
            try SyncFolder(root: folder).files().files.first { $0.device == a.engine.state.identity?.id && $0.seq == 1 })
        #expect(unlink(first.path) == 0)
        b.settle()
        #expect(try b.texts() == ["two"], "the peer reads what is there")
        a.settle()
        #expect(a.log.contains("is gone from the sync folder"))
        b.settle()
        a.settle()
        #expect(try Set(b.texts()) == ["one", "two"])
        #expect(try a.state(of: "one") == .synced && a.state(of: "two") == .synced)
    }

    @Test func aLateThirdMachineGetsTheHistoryFromPacksAfterCompaction() throws {
        let (a, b) = try pair()
        for index in 1...(SyncEngine.compactAfter + 5) {
            try a.add("entry \(index)")
            a.settle()
        }
        b.settle()
        let own = try SyncFolder(root: folder).files().files.filter { $0.device != b.engine.state.identity?.id }
        #expect(own.count < SyncEngine.compactAfter, "compaction bounds the files")
        #expect(own.contains { $0.kind == .pack })
        let c = try SyncMachine(folder: folder)
        try c.join(try SyncKey.load(a.paths), name: "third")
        c.settle()
        #expect(try c.texts().count == SyncEngine.compactAfter + 5)
        #expect(try b.texts().count == SyncEngine.compactAfter + 5)
    }
}
