import Glibc
import TestSupport
import Testing

/// Starting, stopping, reloading and losing the X server.
@Suite(.serialized) struct LifecycleTests {
    @Test func secondDaemonExitsNamingTheFirst() throws {
        let desktop = try Desktop()
        let first = try desktop.startDaemon()
        let second = try desktop.cli.run("daemon")
        #expect(second.status == 75)
        #expect(second.stderr.contains("already running") && second.stderr.contains("pid \(first.pid)"))
    }

    /// Other names of the database file: a symlink, a hard link, a path through `..`.
    static let otherNames = ["symlink", "hard link", "dot-dot path"]

    @Test(arguments: otherNames) func secondDaemonOnAnotherNameOfTheSameFileExitsNamingTheFirst(name: String) throws {
        let desktop = try Desktop()
        let first = try desktop.startDaemon()
        let database = desktop.sandbox.database
        let other: String
        switch name {
        case "symlink":
            other = desktop.sandbox.root + "/link.sqlite3"
            symlink(database, other)
        case "hard link":
            other = desktop.sandbox.root + "/data/copypasta/hard.sqlite3"
            link(database, other)
        default:
            other = desktop.sandbox.root + "/data/copypasta/../copypasta/history.sqlite3"
        }
        // Its own socket directory, so that only the database can keep it from running.
        let second = try Child(
            [CopypastaBinary.path, "daemon", "--db", other],
            environment: desktop.environment.merging(["COPYPASTA_RUNTIME_DIR": desktop.sandbox.root + "/run2"]) { $1 }
        ).communicate(timeout: 30)
        #expect(second.status == 75, "\(second.stderr)")
        #expect(second.stderr.contains("already running") && second.stderr.contains("pid \(first.pid)"), "\(second.stderr)")
        #expect(first.exitStatusIfExited() == nil)
    }

    @Test func onlyTheAgentImageReadsCopypastaAgent() throws {
        let sandbox = Sandbox()
        let cli = CopypastaBinary(sandbox: sandbox, environment: ["COPYPASTA_AGENT": "verbose", "DISPLAY": ""])
        let added = try cli.run(["add", "daemon"], timeout: 30)
        #expect(added.status == 0 && added.output == "1\n", "\(added.stderr)")
        let help = try cli.run(["daemon", "--help"], timeout: 30)
        #expect(help.status == 0 && help.output.contains("USAGE"), "\(help.stderr)")
        let bogus = try cli.run(["daemon", "--bogus"], timeout: 30)
        #expect(bogus.status == 64, "\(bogus.stderr)")
    }

    @Test func sigtermIsACleanExit() throws {
        let desktop = try Desktop()
        let daemon = try desktop.startDaemon()
        daemon.signal(SIGTERM)
        #expect(daemon.wait(seconds: 10) == 0)
        #expect(desktop.log.contains("SIGTERM"))
    }

    @Test func sighupReloadsAndABadConfigKeepsTheOldOne() throws {
        let desktop = try Desktop()
        let daemon = try desktop.startDaemon()
        desktop.sandbox.write("config/copypasta/copypasta.conf", "max-entries = oops\n")
        daemon.signal(SIGHUP)
        #expect(desktop.waitForLog("not reloaded"))
        desktop.sandbox.write("config/copypasta/copypasta.conf", "ignore-patterns = ^secret\n")
        daemon.signal(SIGHUP)
        #expect(desktop.waitForLog("configuration reloaded"))
        #expect(try desktop.cli.run("config", "--reload").status == 0)
        #expect(desktop.waitForLog("configuration reloaded", times: 2))
        try desktop.xclip(Array("secret stuff".utf8))
        #expect(desktop.waitForLog("matches ignore-patterns"))
        #expect(daemon.exitStatusIfExited() == nil)
    }

    @Test func badConfigRefusesToStart() throws {
        let desktop = try Desktop(config: "colour = blue\n")
        let result = try desktop.cli.run("daemon")
        #expect(result.status == 78)
        #expect(result.stderr.contains("copypasta.conf:1: unknown key 'colour'"))
    }

    @Test func noDisplayIsExit69() throws {
        let desktop = try Desktop()
        var cli = desktop.cli
        cli.environment["DISPLAY"] = ""
        let result = try cli.run("daemon")
        #expect(result.status == 69)
        #expect(result.stderr.contains("DISPLAY"))
    }

    @Test func losingTheXServerExits69WithTheDatabaseIntact() throws {
        let desktop = try Desktop()
        let daemon = try desktop.startDaemon()
        try desktop.xclip(Array("before the crash".utf8))
        try desktop.waitForEntries(1)
        desktop.server.kill()
        #expect(daemon.wait(seconds: 10) == 69)
        #expect(desktop.log.contains("lost connection to X display"))
        #expect(try desktop.sql("PRAGMA integrity_check") == "ok")
        #expect(try desktop.cli.run("show", "1").output == "before the crash")
    }

    @Test func burstOfCopiesStoresEveryAnsweredCopyAndSurvivesKill9() throws {
        let desktop = try Desktop(config: "max-entries = 0\n")
        let daemon = try desktop.startDaemon()
        let owner = try desktop.start([TestOwner.path, "burst", "--count", "1000", "--interval-ms", "2"])
        var served = Set<Int>()
        while let line = owner.waitForLine("", seconds: 60), line != "done" {
            if line.hasPrefix("served "), let number = Int(line.dropFirst(7)) { served.insert(number) }
        }
        #expect(desktop.waitForLog("burst copy 1000", times: 0))
        #expect(try desktop.waitForEntries(served.count, seconds: 30))
        let stored = Set(
            try desktop.sql("SELECT text FROM entry_text").split(separator: "\n").compactMap { line in
                Int(line.split(separator: " ")[2])
            })
        #expect(served.isSubset(of: stored), "missing: \(served.subtracting(stored).sorted().prefix(10))")
        #expect(served.count > 10)
        let before = try desktop.sql("SELECT id || ':' || text FROM entry e JOIN entry_text t USING (id) ORDER BY id")
        let again = try desktop.start([TestOwner.path, "burst", "--count", "300", "--interval-ms", "1"])
        _ = again.waitForLine("owned 100")
        daemon.signal(SIGKILL)
        daemon.wait()
        #expect(try desktop.sql("PRAGMA integrity_check") == "ok")
        let after = try desktop.sql("SELECT id || ':' || text FROM entry e JOIN entry_text t USING (id) ORDER BY id")
        #expect(after.hasPrefix(before))
    }

    @Test func idleDaemonMakesNoWakeups() throws {
        let desktop = try Desktop()
        let daemon = try desktop.startDaemon()
        try desktop.xclip(Array("settle".utf8))
        try desktop.waitForEntries(1)
        func switches() -> Int? {
            let status = String(decoding: desktop.sandbox.read("/proc/\(daemon.pid)/status") ?? [], as: UTF8.self)
            return status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches") }
                .flatMap { Int($0.split(separator: "\t").last ?? "") }
        }
        let first = switches()
        usleep(500_000)
        #expect(first != nil && switches() == first)
    }
}
