import Glibc
import TestSupport
import Testing

/// Who holds CLIPBOARD_MANAGER: copypasta never fights another manager for it.
@Suite(.serialized) struct ManagerRoleTests {
    static func isManager(_ desktop: Desktop) throws -> Bool {
        try desktop.cli.run("status", "--json").output.contains("\"clipboardManager\":true")
    }

    @Test func anExistingManagerKeepsTheRoleInAutoAndCopypastaTakesItOnceFree() throws {
        let desktop = try Desktop()
        let other = try desktop.start([TestOwner.path, "manager"])
        #expect(other.waitForLine("managing") != nil)
        try desktop.startDaemon()
        #expect(desktop.log.contains("another clipboard manager"), "\(desktop.log)")
        #expect(try !Self.isManager(desktop))
        other.stop()
        #expect(try waitUntil(seconds: 15) { try Self.isManager(desktop) }, "\(desktop.log)")
    }

    @Test func replaceTakesTheRoleAndTheOldManagerIsCleared() throws {
        let desktop = try Desktop(config: "clipboard-manager = replace\n")
        let other = try desktop.start([TestOwner.path, "manager"])
        #expect(other.waitForLine("managing") != nil)
        try desktop.startDaemon()
        #expect(other.waitForLine("announced") == "announced CLIPBOARD_MANAGER owner cleared", "\(desktop.log)")
        #expect(try Self.isManager(desktop))
        #expect(desktop.log.contains("XFSETTINGSD_NO_CLIPBOARD"), "\(desktop.log)")
    }

    @Test func aManagerThatStealsTheRoleLeavesCopypastaAHistoryAgent() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        #expect(try Self.isManager(desktop))
        let other = try desktop.start([TestOwner.path, "manager"])
        #expect(other.waitForLine("managing") != nil)
        #expect(try waitUntil(seconds: 15) { try !Self.isManager(desktop) }, "\(desktop.log)")
        try desktop.xclip(Array("still captured".utf8))
        #expect(try desktop.waitForEntries(1), "\(desktop.log)")
        #expect(try Self.isManager(desktop) == false)
    }

    @Test func losingTheRoleEndsTheSaveInProgressAtOnce() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        // An owner that never answers keeps the save open (the watchdog would end it after about 2 s).
        let saver = try desktop.start([TestOwner.path, "save", "--list", "--never-answer"])
        #expect(saver.waitForLine("requested") != nil)
        let other = try desktop.start([TestOwner.path, "manager"])
        #expect(other.waitForLine("managing") != nil)
        let reply = saver.waitForLine("reply", seconds: 30)
        let micros = reply?.split(separator: " ").last.flatMap { Int($0) } ?? Int.max
        #expect(reply?.hasPrefix("reply NONE") == true && micros < 1_500_000, "\(reply ?? "-")\n\(desktop.log)")
        #expect(try waitUntil(seconds: 15) { try !Self.isManager(desktop) }, "\(desktop.log)")
        #expect(!desktop.log.contains("saved the clipboard"), "\(desktop.log)")
    }
}
