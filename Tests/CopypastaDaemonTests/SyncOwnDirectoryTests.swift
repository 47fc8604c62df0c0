import CopypastaCore
import CopypastaStore
import CopypastaSync
import Glibc
import TestSupport
import Testing

@testable import CopypastaDaemon

/// This device's own directory in the folder: names there are not trusted, and a second machine
/// writing as this device is noticed.
@Suite struct SyncOwnDirectoryTests {
    let shared = Sandbox()
    var folder: String { shared.root + "/synced/copypasta" }

    func pair() throws -> (SyncMachine, SyncMachine) {
        try SyncMachine.pair(in: shared)
    }

    func directory(of machine: SyncMachine) throws -> String {
        SyncFolder(root: folder).directory(of: try #require(machine.engine.state.identity?.id))
    }

    @Test func namesNobodyWroteNeitherStopNorGapThisDevicesWrites() throws {
        let (a, b) = try pair()
        let mine = try directory(of: a)
        _ = Child.runQuietly(["mkdir", "-p", mine])
        for name in ["s-9999999999.cps", "s-0000000205.cps", "s-0000000001.cps"] {
            #expect(Child.runQuietly(["sh", "-c", "echo junk > '\(mine)/\(name)'"]) == 0)
        }
        #expect(mkdir(mine + "/s-0000000011.cps", 0o700) == 0)
        try a.add("written past the junk")
        a.settle()
        b.settle()
        a.settle()
        #expect(try b.texts() == ["written past the junk"])
        #expect(try a.state(of: "written past the junk") == .synced, "no gap holds the acknowledgement back")
        #expect(try a.store.syncLogEntries(limit: 50).contains { $0.code == "removed" && $0.detail.contains("s-0000000001.cps") })
    }

    @Test func aRestoredDatabaseContinuesAfterItsOwnFiles() throws {
        let (a, b) = try pair()
        for index in 1...3 {
            try a.add("before the backup was restored \(index)")
            a.settle()
        }
        #expect(Child.runQuietly(["sqlite3", a.paths.database, "UPDATE state SET value = 1 WHERE key = 'sync-seq'"]) == 0)
        let restarted = try SyncMachine.restarted(a)
        try restarted.add("after the restore")
        restarted.settle()
        b.settle()
        #expect(try b.texts().first == "after the restore")
        #expect(try restarted.store.syncLogEntries(limit: 50).contains { $0.code == "continue" })
    }

    @Test func aSecondMachineWritingAsThisDeviceStopsBothAndSaysWhy() throws {
        let (a, _) = try pair()
        let clone = try SyncMachine(folder: folder)
        _ = Child.runQuietly(["mkdir", "-p", clone.sandbox.root + "/data/copypasta"])
        for file in ["device.key", "sync.key"] {
            #expect(
                Child.runQuietly(["cp", a.sandbox.root + "/data/copypasta/" + file, clone.sandbox.root + "/data/copypasta/"]) == 0
            )
        }
        try clone.store.setSync(enabled: true)
        clone.engine.start()
        try clone.add("written by the copy")
        clone.settle()
        try a.add("written by the original")
        a.settle()
        #expect(a.announced.contains { $0.contains("another machine writes as this device") })
        #expect(try a.store.syncLogEntries(limit: 50).contains { $0.code == "identity" })
        try a.add("not written any more")
        a.settle()
        #expect(try a.state(of: "not written any more") == .pending)
        // A restart does not make the two take turns: the stop is kept until `sync on`.
        let restarted = try SyncMachine.restarted(a)
        restarted.settle()
        #expect(try restarted.state(of: "not written any more") == .pending)
        #expect(try restarted.store.identityClash()?.contains("copy of device.key") == true)
    }
}
