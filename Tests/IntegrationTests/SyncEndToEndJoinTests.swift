import Glibc
import TestSupport
import Testing

/// Sync end to end with more machines on the folder: a late joiner approved by fingerprint gets
/// the whole history (packs included), a machine holding another history's key imports nothing,
/// and junk among a peer's files is skipped and logged.
extension SyncEndToEndTests {
    /// Cases 12, 10 (a machine of another history) and 11 on one folder.
    @Test func aLateJoinerGetsEverythingAStrangerNothingAndJunkIsSkipped() throws {
        let synced = try SyncedMachines(["alpha", "beta"])
        let a = synced.machines[0]
        let alpha = try #require(synced.devices["alpha"])
        let ownDirectory = a.syncFolder + "/devices/" + alpha
        let compacted = try fillUntilCompacted(a, directory: ownDirectory)
        #expect(compacted, "no pack after \(SyncEndToEndTests.compactionCopies) segments\n\(synced.logs)")

        try junkIsSkippedAndLogged(synced, alphaDirectory: "devices/" + alpha)
        try aLateJoinerGetsTheWholeHistory(synced)
        try aStrangerImportsNothing(synced)
        #expect(synced.machines.allSatisfy { synced.daemonRuns($0) }, "\(synced.logs)")
    }

    /// More segments than a device keeps before it compacts them into a pack.
    static let compactionCopies = 105

    /// Adds entries on `machine` one segment at a time (each `add` kicks the daemon, which writes
    /// at once) until its directory holds a pack; whether one came.
    func fillUntilCompacted(_ machine: SyncthingMachine, directory: String) throws -> Bool {
        let started = Clock.now()
        for index in 1...Self.compactionCopies {
            let before = Self.highestSeq(in: directory)
            try machine.run("add", "history \(index)")
            _ = waitUntil(seconds: 5) { Self.highestSeq(in: directory) > before }
            if Self.names(in: directory).contains(where: { $0.hasPrefix("p-") }) {
                print(
                    "sync e2e: \(index) adds made \(Self.highestSeq(in: directory)) files and a pack in \(Int((Clock.now() - started) * 1000)) ms"
                )
                return true
            }
        }
        return false
    }

    /// Case 11: junk written into B's copy of A's directory (kept from Syncthing by B's .stignore).
    func junkIsSkippedAndLogged(_ synced: SyncedMachines, alphaDirectory: String) throws {
        let (a, b) = (synced.machines[0], synced.machines[1])
        b.desktop.sandbox.write("sync/copypasta/.stignore", ".cp-tmp-*\n.syncthing.x.tmp\n*sync-conflict*\ns-9000000000.cps\n")
        let pack = try #require(Self.names(in: a.syncFolder + "/" + alphaDirectory).first { $0.hasPrefix("p-") })
        let bytes = try #require(a.desktop.sandbox.read(a.syncFolder + "/" + alphaDirectory + "/" + pack))
        let directory = b.syncFolder + "/" + alphaDirectory + "/"
        _ = b.desktop.file(
            String((directory + "s-9000000000.cps").dropFirst(b.desktop.sandbox.root.count + 1)),
            Array(bytes.prefix(bytes.count / 2)))
        for name in [".syncthing.x.tmp", "s-0000000001.sync-conflict-20261122-101010-ABCDEFG.cps"] {
            _ = b.desktop.file(String((directory + name).dropFirst(b.desktop.sandbox.root.count + 1)), Array("junk".utf8))
        }
        try a.copy("after the junk")
        #expect(poll(seconds: 10) { b.entry("after the junk") != nil }, "\(synced.logs)")
        let logged = poll(seconds: 10) {
            let log = (try? b.run("sync", "log")) ?? ""
            return log.contains("unreadable: cannot import \(alphaDirectory.dropFirst("devices/".count))/s-9000000000.cps")
                && log.contains("ignored \(alphaDirectory)/s-0000000001.sync-conflict-20261122-101010-ABCDEFG.cps")
                && log.contains("ignored \(alphaDirectory)/.syncthing.x.tmp")
        }
        #expect(logged, "\(synced.syncLogs)")
        #expect(synced.daemonRuns(b), "\(synced.logs)")
    }

    /// Case 12: `sync join` without a code, `sync approve --fingerprint` on A.
    func aLateJoinerGetsTheWholeHistory(_ synced: SyncedMachines) throws {
        let a = synced.machines[0]
        let gamma = try SyncthingMachine(name: "gamma", config: "feedback = none\n")
        try synced.add(gamma)
        let (device, fingerprint) = try SyncedMachines.join(gamma, code: nil)
        try synced.startDaemon(gamma)
        #expect(poll(seconds: 15) { ((try? a.run("sync", "pending")) ?? "").contains(device) }, "\(synced.logs)")
        try a.run("sync", "approve", "--fingerprint", fingerprint, device)
        let shared = Set(a.entries().filter { $0.sync != "local" }.compactMap(\.text))
        let caughtUp = poll(seconds: 30, every: 0.5) { Set(gamma.entries().compactMap(\.text)).isSuperset(of: shared) }
        #expect(
            caughtUp, "gamma lacks \(shared.subtracting(gamma.entries().compactMap(\.text)).sorted().prefix(10))\n\(synced.logs)")
        #expect(gamma.entries().count == shared.count, "\(synced.logs)")
    }

    /// Case 10's other half: a machine with another history's key (from a throwaway `sync init`)
    /// and its own identity logs decrypt errors and imports nothing; its daemon keeps running.
    func aStrangerImportsNothing(_ synced: SyncedMachines) throws {
        let elsewhere = Sandbox()
        elsewhere.write("config/copypasta/copypasta.conf", "sync-folder = \(elsewhere.root)/other/copypasta\n")
        _ = Child.runQuietly(["mkdir", "-p", elsewhere.root + "/other/copypasta"])
        let other = try CopypastaBinary(sandbox: elsewhere).run("sync", "init")
        #expect(other.status == 0, "\(other.stderr)")
        let stranger = try SyncthingMachine(name: "delta", config: "feedback = none\n")
        try synced.add(stranger, to: [synced.machines[0]])
        try SyncedMachines.join(stranger, code: nil)
        let key = try #require(elsewhere.read(elsewhere.root + "/data/copypasta/sync.key"))
        _ = stranger.desktop.file("data/copypasta/sync.key", key)
        chmod(stranger.desktop.sandbox.root + "/data/copypasta/sync.key", 0o600)
        try synced.startDaemon(stranger)
        let refused = poll(seconds: 20, every: 0.5) { ((try? stranger.run("sync", "log")) ?? "").contains(" decrypt: ") }
        #expect(refused, "\(synced.logs)")
        #expect(stranger.entries().isEmpty && synced.daemonRuns(stranger), "\(synced.logs)")
    }

    /// The names in `directory`.
    static func names(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names
    }

    /// The highest seq of the segments and packs in `directory`; 0 when there are none.
    static func highestSeq(in directory: String) -> Int {
        names(in: directory).compactMap { name in
            guard name.hasSuffix(".cps"), name.hasPrefix("s-") || name.hasPrefix("p-") else { return nil }
            return Int(name.dropFirst(2).dropLast(4))
        }.max() ?? 0
    }
}
