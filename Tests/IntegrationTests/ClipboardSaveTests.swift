import Glibc
import TestSupport
import Testing

/// SAVE_TARGETS against a scripted owner (`copypasta-testowner save`) that misbehaves on purpose.
@Suite(.serialized) struct ClipboardSaveTests {
    /// Runs the saving owner to its exit; returns its reply line (`reply SAVED|NONE MICROS`) or nil.
    static func save(_ desktop: Desktop, _ options: [String], text: String = "saved text") throws -> String? {
        let owner = try desktop.start([TestOwner.path, "save", "--text", text] + options)
        let line = owner.waitForLine("reply", seconds: 30)
        _ = owner.wait(seconds: 10)
        return line
    }

    static func replyMicros(_ line: String?) -> Int { line?.split(separator: " ").last.flatMap { Int($0) } ?? Int.max }

    @Test func aListWithUnknownAndSideEffectTargetsKeepsTheDataTargets() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        let line = try Self.save(desktop, ["--list"])
        #expect(line?.hasPrefix("reply SAVED") == true, "\(line ?? "-")\n\(desktop.log)")
        let targets = try desktop.paste(target: "TARGETS").output.split(separator: "\n")
        #expect(targets.contains("text/html") && !targets.contains("DELETE") && !targets.contains("x-test/refused"), "\(targets)")
        #expect(try desktop.paste(target: "text/html").output == "<b>saved text</b>")
        #expect(try desktop.paste().output == "saved text")
        #expect(try desktop.waitForEntries(1) && desktop.entryCount() == 1, "\(desktop.log)")
    }

    @Test func anOwnerWithoutMultipleIsAskedOneByOneIncrIncluded() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        let line = try Self.save(desktop, ["--list", "--no-multiple", "--big", "3000000"])
        #expect(line?.hasPrefix("reply SAVED") == true, "\(line ?? "-")\n\(desktop.log)")
        #expect(
            try desktop.paste(target: "application/x-big").stdout == (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        #expect(try desktop.paste(target: "text/html").output == "<b>saved text</b>")
    }

    @Test func anIncrTargetBesideASmallOneInMultiple() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        let line = try Self.save(desktop, ["--big", "5000000"])
        #expect(line != nil && Self.replyMicros(line) < 5_000_000, "\(line ?? "-")\n\(desktop.log)")
        #expect(try desktop.paste(target: "application/x-big").stdout.count == 5_000_000)
        #expect(try desktop.paste().output == "saved text")
    }

    @Test func anOwnerDyingMidIncrIsNotTakenOverAndKeepAliveRestoresTheText() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        let owner = try desktop.start([TestOwner.path, "save", "--text", "dies mid incr", "--big", "3000000", "--die-mid-incr"])
        #expect(owner.wait(seconds: 30) != nil)
        #expect(desktop.waitForLog("keeping the clipboard alive"), "\(desktop.log)")
        #expect(try desktop.paste().output == "dies mid incr")
        #expect(!(try desktop.paste(target: "TARGETS").output.contains("application/x-big")))
    }

    @Test func anOwnerThatNeverAnswersGetsItsReplyFromTheWatchdog() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        let line = try Self.save(desktop, ["--list", "--never-answer"])
        // The capture's read waits its own timeout (1 s) first; the save's watchdog is about 2 s.
        #expect(line == nil || Self.replyMicros(line) < 4_000_000, "\(line ?? "-")\n\(desktop.log)")
        #expect(line?.hasPrefix("reply NONE") == true, "\(line ?? "-")\n\(desktop.log)")
        #expect(desktop.waitForLog("stalled=the application stopped answering"), "\(desktop.log)")
        // The daemon still answers.
        #expect(try desktop.cli.run("status").status == 0)
    }

    @Test func twoSavesAtOnceBothGetAReply() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        let owner = try desktop.start([TestOwner.path, "save", "--text", "twice", "--list", "--twice"])
        #expect(owner.waitForLine("reply SAVED", seconds: 30) != nil, "\(desktop.log)")
        #expect(owner.waitForLine("reply SAVED", seconds: 30) != nil, "\(desktop.log)")
        #expect(try desktop.paste().output == "twice")
    }

    @Test(arguments: ["save-target-max-bytes = 1M", "save-max-bytes = 1M"])
    func overTheCapTheTargetIsReadAndDiscardedAndTheRestKept(cap: String) throws {
        let desktop = try Desktop(config: cap + "\n")
        try desktop.startDaemon()
        let line = try Self.save(desktop, ["--list", "--big", "3000000"])
        #expect(line?.hasPrefix("reply SAVED") == true && Self.replyMicros(line) < 3_000_000, "\(line ?? "-")\n\(desktop.log)")
        #expect(!(try desktop.paste(target: "TARGETS").output.contains("application/x-big")))
        #expect(try desktop.paste().output == "saved text")
        #expect(desktop.log.contains("over-cap=application/x-big"), "\(desktop.log)")
    }

    @Test func currentTimeRequestsAreSaved() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        let line = try Self.save(desktop, ["--list", "--current-time"])
        #expect(line?.hasPrefix("reply SAVED") == true, "\(line ?? "-")\n\(desktop.log)")
        #expect(try desktop.paste(target: "text/html").output == "<b>saved text</b>")
    }

    /// A password manager's copy is not kept past its exit, as keep-alive does not keep it either.
    @Test func aPasswordManagersCopyIsNotSaved() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        let line = try Self.save(desktop, ["--hint"], text: "hunter2")
        #expect(line?.hasPrefix("reply NONE") == true, "\(line ?? "-")\n\(desktop.log)")
        #expect(desktop.waitForLog("did not save the clipboard"), "\(desktop.log)")
        #expect(try desktop.paste(timeout: 5).output != "hunter2")
        #expect(try desktop.entryCount() == 0)
    }

    @Test func offLeavesTheRoleAlone() throws {
        let desktop = try Desktop(config: "clipboard-manager = off\n")
        try desktop.startDaemon()
        #expect(!(try desktop.cli.run("status").output.contains("clipboard manager")))
        #expect(!desktop.log.contains("copypasta is the clipboard manager"))
    }
}
