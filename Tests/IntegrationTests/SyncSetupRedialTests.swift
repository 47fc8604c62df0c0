import Glibc
import TestSupport
import Testing

/// `sync setup` on a Syncthing that already tried a new device: Syncthing 1.19 waits for its old
/// reconnection interval (60 s) before it dials that device again, whatever the interval is now;
/// setup restarts it, as its systemd unit allows, and the machines connect within seconds.
@Suite(.serialized) struct SyncSetupRedialTests {
    @Test func theFirstConnectionToANewDeviceComesWithinSecondsOfSetup() throws {
        let (sandbox, cli) = SyncSetupTests.machine(syncFolder: "sync/copypasta")
        let alpha = try SyncthingInstance(home: sandbox.root + "/config/syncthing", name: "alpha")
        defer { alpha.stop() }
        let beta = try SyncthingInstance(home: sandbox.root + "/beta", name: "beta")
        defer { beta.stop() }
        try alpha.rest(.patch, "/rest/config/options", json: Array(#"{"reconnectionIntervalS":60}"#.utf8))
        // A young Syncthing dials every device at 1, 2, 4 … 32 s whatever it scheduled; only once
        // that is over (63 s after its start) does it keep to the interval.
        let started = Clock.now()
        _ = waitUntil(seconds: 70) { Clock.now() - started > 66 }
        // Alpha dials beta, which does not know alpha yet and refuses: the next dial is 60 s away.
        try alpha.addDevice(beta, dials: true)
        _ = waitUntil(seconds: 3) { false }
        try beta.addDevice(alpha, dials: false)

        let setupAt = Clock.now()
        let setup = try cli.start(["sync", "setup"])
        #expect(try alpha.relaunchAfterRestart(), "setup did not restart Syncthing\n\(alpha.logTail())")
        let result = setup.communicate(timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output.contains("restarted Syncthing: it waited up to 60 s to dial 1 device"), "\(result.output)")
        #expect(alpha.waitConnected(to: beta, seconds: 20), "\(alpha.logTail())\n\(beta.logTail())")
        print("sync setup: connected to the new device \(Int((Clock.now() - setupAt) * 1000)) ms after setup started")
    }
}
