import Glibc
import TestSupport
import Testing

/// `sync init`, `join` and `approve` change what the running daemon must do: it reloads its
/// configuration (`sync-folder` is often set after it started), and `status` says when the daemon
/// runs an older configuration than its file's. Two daemons share one folder, no Syncthing.
@Suite(.serialized) struct SyncReloadTests {
    /// A desktop whose daemon started before `sync-folder` was set; the config file is set afterwards.
    func lateDesktop(folder: String) throws -> Desktop {
        let desktop = try Desktop()
        try desktop.startDaemon()
        desktop.sandbox.write("config/copypasta/copypasta.conf", "sync-folder = \(folder)\n")
        return desktop
    }

    @Test func statusNamesAConfigurationTheDaemonHasNotLoaded() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        #expect(try !desktop.cli.run("status").output.contains("config:"))
        desktop.sandbox.write("config/copypasta/copypasta.conf", "max-entries = 50\n")
        let status = try desktop.cli.run("status").output
        #expect(
            status.contains("config: \(desktop.sandbox.root)/config/copypasta/copypasta.conf changed since the daemon loaded it"))
        #expect(try desktop.cli.run("status", "--json").output.contains(#""configLoaded":false"#))
        #expect(try desktop.cli.run("config", "--reload").status == 0)
        #expect(try !desktop.cli.run("status").output.contains("config:"))
        #expect(try desktop.cli.run("status", "--json").output.contains(#""configLoaded":true"#))
    }

    @Test func aMachineApprovedAfterJoiningSyncsWithoutAReloadByHand() throws {
        let shared = Sandbox()
        let folder = shared.root + "/copypasta"
        let a = try lateDesktop(folder: folder)
        let b = try lateDesktop(folder: folder)
        #expect(try a.cli.run("sync", "init").status == 0)
        #expect(a.waitForLog("sync: this machine is device"), "\(a.log)")
        let joined = try b.cli.run("sync", "join")
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(b.waitForLog("configuration reloaded"), "\(b.log)")
        let device = try #require(joined.output.split(separator: "\n").first { $0.hasPrefix("device: ") }?.dropFirst(8))
        let approved = Clock.now()
        #expect(try a.cli.run("sync", "approve", String(device)).status == 0)
        let unlocked = waitUntil(seconds: 10) { (try? b.cli.run("sync", "status").output.contains("problem:")) == false }
        let syncStatus = try b.cli.run("sync", "status").output
        #expect(unlocked, "\(syncStatus)\n\(b.log)")
        print("sync reload: the joined machine had the key \(Int((Clock.now() - approved) * 1000)) ms after the approval")
        try a.xclip(Array("copied on the first machine".utf8))
        #expect(waitUntil(seconds: 10) { (try? b.cli.run("list").output.contains("copied on the first machine")) == true })
    }

    @Test func joinAndStatusSayWhenTheMachinesKeepDifferentNumbersOfEntries() throws {
        let shared = Sandbox()
        let folder = shared.root + "/copypasta"
        let (desk, laptop) = (CopypastaBinary(sandbox: Sandbox()), CopypastaBinary(sandbox: Sandbox()))
        desk.sandbox.write("config/copypasta/copypasta.conf", "max-entries = 5000\nsync-folder = \(folder)\n")
        laptop.sandbox.write("config/copypasta/copypasta.conf", "sync-folder = \(folder)\n")
        #expect(try desk.run("sync", "init", "--name", "desk").status == 0)
        let joined = try laptop.run("sync", "join", "--name", "laptop")
        let note = "max-entries: this machine keeps at most 1000 entries; desk keeps at most 5000 entries"
        #expect(joined.output.contains(note), "\(joined.output)")
        #expect(try laptop.run("sync", "status").output.contains(note))
        #expect(try laptop.run("status").output.contains(note))
        #expect(
            try desk.run("sync", "status").output.contains("this machine keeps at most 5000 entries; laptop keeps at most 1000"))
        laptop.sandbox.write("config/copypasta/copypasta.conf", "max-entries = 5000\nsync-folder = \(folder)\n")
        #expect(try !laptop.run("sync", "join").output.contains("max-entries:"))
    }
}
