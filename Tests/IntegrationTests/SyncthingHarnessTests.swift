import Glibc
import TestSupport
import Testing

/// The Syncthing harness itself: two real Syncthings on loopback pair, share a folder and carry a
/// file; a file written while the connection is paused, or while the peer is killed, arrives after
/// the resume or the restart. The sync suites build on it.
@Suite(.serialized) struct SyncthingHarnessTests {
    @Test func twoInstancesPairShareAFolderAndPauseTheirConnection() throws {
        let sandbox = Sandbox()
        let alpha = try SyncthingInstance(home: sandbox.root + "/st-a", name: "alpha")
        defer { alpha.stop() }
        let beta = try SyncthingInstance(home: sandbox.root + "/st-b", name: "beta")
        defer { beta.stop() }
        let logs = { alpha.logTail() + "\n" + beta.logTail() }
        // Alpha reaches beta again within `seconds`, then the file written while they were apart
        // arrives within 10 s: both times are printed, counted from `since`.
        func catchUp(after event: String, since: Double, seconds: Double, file: String, text: String) {
            #expect(alpha.waitConnected(to: beta, seconds: seconds), "\(logs())")
            let back = Clock.now()
            let arrived = waitUntil(seconds: 10) { SyncthingConfig.read(sandbox.root + "/b/" + file) == text }
            #expect(arrived, "the file written before \(event) did not arrive within 10 s of reconnecting\n\(logs())")
            print(
                "syncthing harness: reconnected \(Int((back - since) * 1000)) ms after \(event), the file written before"
                    + " it arrived \(Int((Clock.now() - back) * 1000)) ms later")
        }
        try alpha.pair(with: beta)
        try alpha.shareFolder(id: "cp", path: sandbox.root + "/a", devices: [beta], tuned: true)
        try beta.shareFolder(id: "cp", path: sandbox.root + "/b", devices: [alpha], tuned: true)
        #expect(try alpha.folder("cp").fsWatcherDelayS == 1)
        #expect(try beta.folder("cp").rescanIntervalS == 60)
        try #require(alpha.waitConnected(to: beta, seconds: 30), "\(logs())")

        let start = Clock.now()
        #expect(SyncthingConfig.write("first", to: sandbox.root + "/a/one.txt"))
        let arrived = waitUntil(seconds: 10) { SyncthingConfig.read(sandbox.root + "/b/one.txt") == "first" }
        #expect(arrived, "the file did not reach the peer within 10 s\n\(logs())")
        print("syncthing harness: a file reached the peer in \(Int((Clock.now() - start) * 1000)) ms (tuned folder)")

        try alpha.pause(device: beta.myID)
        #expect(waitUntil(seconds: 10) { !alpha.isConnected(to: beta) && !beta.isConnected(to: alpha) }, "\(logs())")
        #expect(SyncthingConfig.write("second", to: sandbox.root + "/a/two.txt"))
        try alpha.resume(device: beta.myID)
        // Syncthing redials every reconnectionIntervalS (5 s here); a loaded machine can take longer.
        catchUp(after: "the resume", since: Clock.now(), seconds: 30, file: "two.txt", text: "second")

        // A crash and a restart keep the home, the ports, the pairing and the folder.
        beta.kill()
        #expect(beta.pid == nil)
        #expect((try? beta.client.get("/rest/system/ping")) == nil, "a killed Syncthing still answers")
        #expect(SyncthingConfig.write("third", to: sandbox.root + "/a/three.txt"))
        try beta.restart()
        // Alpha dials: it finds the restarted peer at its next dial, which a Syncthing younger
        // than a minute makes on a growing schedule (seen: 15 s), then every 5 s.
        catchUp(after: "the restart", since: Clock.now(), seconds: 60, file: "three.txt", text: "third")
    }
}

extension SyncthingHarnessTests {
    @Test func machinesShareTheirSyncFolderAndALateThirdOneCatchesUp() throws {
        let alpha = try SyncthingMachine(name: "alpha")
        let beta = try SyncthingMachine(name: "beta")
        try SyncthingMachine.connect([alpha, beta])
        let path = "devices/x/s-0000000001.cps"
        _ = Child.runQuietly(["mkdir", "-p", alpha.syncFolder + "/devices/x"])
        #expect(SyncthingConfig.write("segment", to: alpha.syncFolder + "/" + path))
        #expect(
            waitUntil(seconds: 10) { SyncthingConfig.read(beta.syncFolder + "/" + path) == "segment" },
            "\(alpha.logs)\n\(beta.logs)")

        let gamma = try SyncthingMachine(name: "gamma")
        try SyncthingMachine.join(gamma, to: [alpha, beta])
        #expect(
            waitUntil(seconds: 15) { SyncthingConfig.read(gamma.syncFolder + "/" + path) == "segment" },
            "\(alpha.logs)\n\(gamma.logs)")
        #expect(SyncthingConfig.read(gamma.syncFolder + "/.stignore") == ".cp-tmp-*\n")
    }
}
