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
