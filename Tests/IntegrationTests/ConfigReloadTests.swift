import Glibc
import TestSupport
import Testing

/// SIGHUP with config files that are out of range or not text: the daemon keeps running on its old configuration.
@Suite(.serialized) struct ConfigReloadTests {
    @Test func overflowingNumbersAndBadBytesKeepTheOldConfiguration() throws {
        let desktop = try Desktop(config: "feedback = none\r\nignore-patterns = ^secret\r\n")
        let daemon = try desktop.startDaemon()
        let bad = [
            "max-bytes = 1e30K\n", "hook-timeout = 1e300s\n", "convert-timeout = 1e20ms\n",
            "max-entries = 99999999999999999999\n", "ignore-patterns = ^other\r\nmax-entries = 5\0\r\n",
        ]
        for (index, contents) in bad.enumerated() {
            desktop.sandbox.write("config/copypasta/copypasta.conf", contents)
            daemon.signal(SIGHUP)
            #expect(desktop.waitForLog("not reloaded", times: index + 1), "\(contents)")
            #expect(daemon.exitStatusIfExited() == nil)
        }
        #expect(desktop.log.contains("copypasta.conf:1: max-bytes: expected a size"))
        #expect(desktop.log.contains("copypasta.conf:2: the control character \\0"))
        try desktop.xclip(Array("secret stuff".utf8))
        #expect(desktop.waitForLog("matches ignore-patterns"))
        #expect(daemon.exitStatusIfExited() == nil)
    }

    /// max-entries lowered under a long history while the daemon runs: the entries beyond it go
    /// at the reload, in slices between other work, not at the next copy inside its write (which
    /// held the loop 4.6 s for 99,000 entries); a copy made meanwhile is stored.
    @Test func aLowerMaxEntriesTrimsTheHistoryAtTheReloadInSlices() throws {
        let desktop = try Desktop(config: "feedback = none\nmax-entries = 0\n")
        let lines = (0..<20_000).map { "{\"text\":\"imported \($0)\"}\n" }.joined()
        #expect(try desktop.cli.run(["import", "-"], input: Array(lines.utf8)).status == 0)
        let daemon = try desktop.startDaemon()
        desktop.sandbox.write("config/copypasta/copypasta.conf", "feedback = none\nmax-entries = 500\n")
        daemon.signal(SIGHUP)
        try desktop.xclip(Array("copied while trimming".utf8))
        #expect(desktop.waitForLog("beyond max-entries = 500", seconds: 60), "\(desktop.log)")
        let trimmed = try waitUntil(seconds: 15) { try desktop.entryCount() == 500 }
        let count = try desktop.entryCount()
        #expect(trimmed, "\(count) \(desktop.log)")
        #expect(try desktop.sql("SELECT count(*) FROM entry WHERE preview = 'copied while trimming'") == "1")
        #expect(try desktop.sql("SELECT min(preview) FROM entry WHERE preview LIKE 'imported %'") == "imported 0")
        #expect(daemon.exitStatusIfExited() == nil)
    }

    @Test func aKeySetTwiceOrAStrayCarriageReturnKeepsTheOldConfiguration() throws {
        let desktop = try Desktop(config: "feedback = none\nignore-patterns = ^secret\n")
        let daemon = try desktop.startDaemon()
        let bad = ["ignore-patterns = ^other\nfeedback = none\nignore-patterns = ^third\n", "ignore-patterns = ^other\r"]
        for (index, contents) in bad.enumerated() {
            desktop.sandbox.write("config/copypasta/copypasta.conf", contents)
            daemon.signal(SIGHUP)
            #expect(desktop.waitForLog("not reloaded", times: index + 1), "\(contents)")
        }
        #expect(desktop.log.contains("copypasta.conf:3: ignore-patterns is set twice (first at line 1)"), "\(desktop.log)")
        #expect(desktop.log.contains("copypasta.conf:1: a carriage return"), "\(desktop.log)")
        try desktop.xclip(Array("secret stuff".utf8))
        #expect(desktop.waitForLog("matches ignore-patterns"))
    }
}
