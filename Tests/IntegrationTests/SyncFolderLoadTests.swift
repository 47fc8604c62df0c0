import CopypastaCore
import CopypastaSync
import Glibc
import TestSupport
import Testing

/// Nothing in the sync folder freezes the daemon: anyone who can write the shared folder can fill
/// it with directories, junk names or one huge pack, and copies made meanwhile must be stored
/// (docs/DESIGN.md §14.5). No Syncthing: the folder is filled here, as a peer's engine would.
@Suite(.serialized) struct SyncFolderLoadTests {
    /// A device id of nobody's `device.key`; its files are sealed here with the history key.
    let stranger = String(repeating: "m", count: 26)

    /// A daemon syncing into a folder of its own after `sync init`: the desktop, the folder, the key.
    func syncedDesktop() throws -> (Desktop, String, SyncKey) {
        let desktop = try Desktop()
        let folder = desktop.sandbox.root + "/sync/copypasta"
        desktop.sandbox.write("config/copypasta/copypasta.conf", "max-entries = 0\nsync-folder = \(folder)\n")
        #expect(mkdir(desktop.sandbox.root + "/sync", 0o700) == 0)
        let initialized = try desktop.cli.run("sync", "init")
        try #require(initialized.status == 0, "\(initialized.stderr)")
        let code = try #require(initialized.output.split(separator: "\n").first { $0.hasPrefix("code: ") })
        let key = try SyncKey.parse(code: String(code.dropFirst(6)))
        try desktop.startDaemon()
        #expect(desktop.waitForLog("sync: this machine is device"), "\(desktop.log)")
        return (desktop, folder, key)
    }

    /// Copies `text` and waits for its capture (the `round`-th); the milliseconds it took, nil when
    /// it was not captured within `seconds`.
    func copy(_ text: String, round: Int, on desktop: Desktop, seconds: Double = 5) throws -> Int? {
        let started = Clock.now()
        try desktop.xclip(Array(text.utf8))
        guard desktop.waitForLog("captured", times: round, seconds: seconds) else { return nil }
        return Int((Clock.now() - started) * 1000)
    }

    @Test func directoriesByTheThousandInDevicesDoNotFreezeCapture() throws {
        let (desktop, folder, _) = try syncedDesktop()
        for index in 0..<20_000 { mkdir(folder + "/devices/junk-\(index)", 0o700) }
        for round in 1...3 {
            mkdir(folder + "/devices/later-\(round)", 0o700)
            let took = try copy("copy \(round) among 20,000 directories", round: round, on: desktop)
            #expect(took != nil, "not captured within 5 s\n\(desktop.log)")
            print("sync folder load: 20,000 directories: captured \(took ?? -1) ms after the copy")
        }
        #expect(try desktop.entryCount() == 3)
    }

    @Test func namesMadeAndRemovedByTheThousandDoNotFreezeCapture() throws {
        let (desktop, folder, _) = try syncedDesktop()
        let directory = folder + "/devices/" + stranger
        #expect(mkdir(directory, 0o700) == 0)
        for round in 1...3 {
            let names = (0..<5_000).map { directory + "/junk-\(round)-\($0)" }
            for name in names { close(open(name, O_WRONLY | O_CREAT, 0o600)) }
            let took = try copy("copy \(round) among junk names", round: round, on: desktop)
            #expect(took != nil, "not captured within 5 s\n\(desktop.log)")
            print("sync folder load: 5,000 junk names: captured \(took ?? -1) ms after the copy")
            for name in names { unlink(name) }
        }
        #expect(try desktop.entryCount() == 3)
    }

    @Test func aPackOfAHundredThousandRecordsIsAppliedWhileCaptureGoesOn() throws {
        let (desktop, folder, key) = try syncedDesktop()
        let clock = HybridClock.wallMilliseconds() << 16
        let records = (0..<100_000).map { index in
            SyncRecord.entry(
                SyncEntryRecord(
                    gid: key.gid(of: "packed entry \(index)"), text: "packed entry \(index)", capturedAt: Timestamp.now().iso8601,
                    source: "clipboard", exists: true, existsAt: clock - 100_000 + Int64(index)))
        }
        try SyncFolder(root: folder).write(
            kind: .pack, device: stranger, seq: 1, plaintext: SyncRecords.encode(records), key: key)
        #expect(desktop.waitForLog("in slices", seconds: 10), "\(desktop.log)")
        for round in 1...3 {
            let took = try copy("copy \(round) during the import", round: round, on: desktop, seconds: 10)
            #expect(took != nil, "not captured within 10 s\n\(desktop.log)")
            print("sync folder load: 100,000-record pack: captured \(took ?? -1) ms after the copy")
        }
        // The pack goes on in slices (it takes the daemon tens of seconds; the engine's tests check
        // that it is recorded after its last slice); the copies are stored meanwhile.
        #expect(try desktop.sql("SELECT count(*) FROM entry WHERE preview LIKE 'copy _ during the import'") == "3")
        // Decoded whole first, then applied a slice at a time.
        #expect(waitUntil(seconds: 60) { (try? desktop.entryCount()) ?? 0 > 3 }, "nothing of the pack was applied")
        #expect(!desktop.log.contains("not stored") && !desktop.log.contains("superseded"), "\(desktop.log)")
    }
}
