import Glibc
import TestSupport
import Testing

/// `copy`, serving, keep-alive and the background keeper against a real Xvfb.
@Suite(.serialized) struct RestoreTests {
    @Test func copyThenPasteReturnsExactBytesAHundredTimes() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.startDaemon()
        let texts = ["alpha ✓", "beta\nline two\n", "gamma\ttab", "δέλτα 😀"]
        for text in texts { #expect(try desktop.cli.run("add", text).status == 0) }
        for round in 0..<100 {
            let id = round % texts.count + 1
            let copy = try desktop.cli.run("copy", "\(id)")
            #expect(copy.status == 0, "\(copy.stderr)")
            let paste = try desktop.paste()
            #expect(paste.stdout == Array(texts[id - 1].utf8), "round \(round)")
        }
        #expect(try desktop.entryCount() == texts.count)
        #expect(try desktop.sql("SELECT sum(use_count) FROM entry") == "100")
        #expect(!desktop.log.contains("captured"))
    }

    @Test func copyFromAnotherDatabaseThanTheDaemonsServesThatDatabasesEntry() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.startDaemon()
        #expect(try desktop.cli.run("add", "the daemon's first entry").status == 0)
        let other = desktop.sandbox.root + "/other.sqlite3"
        #expect(try desktop.cli.run("--db", other, "add", "another history's first entry").status == 0)
        let copy = try desktop.cli.run("copy", "1", "--db", other)
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(try desktop.paste().output == "another history's first entry")
        #expect(try desktop.sql("SELECT use_count FROM entry WHERE id = 1") == "0", "the daemon's entry was not used")
        #expect(try desktop.cli.run("copy", "1").status == 0)
        #expect(try desktop.paste().output == "the daemon's first entry")
    }

    @Test(arguments: [20, 300 * 1024, 20 << 20])
    func servedPayloadsReadBackWithXclipAndXsel(size: Int) throws {
        let desktop = try Desktop(config: "max-bytes = 32M\nfeedback = none\n")
        try desktop.startDaemon()
        let pattern = Array("copypasta serves this line exactly\n".utf8)
        let payload = (0..<size).map { pattern[$0 % pattern.count] }
        let file = desktop.file("payload.txt", payload)
        let added = try Child([CopypastaBinary.path, "add"], environment: desktop.environment).communicate(payload)
        #expect(added.output == "1\n", "\(added.stderr) \(file)")
        #expect(try desktop.cli.run("copy", "1").status == 0)
        #expect(try desktop.paste(timeout: 60).stdout == payload)
        let xsel = try Child(["xsel", "--clipboard", "--output"], environment: desktop.environment).communicate(timeout: 60)
        #expect(xsel.stdout == payload)
    }

    @Test func threeConcurrentIncrReadersAndAStalledOneDoNotBlockEachOther() throws {
        let desktop = try Desktop(config: "max-bytes = 32M\nfeedback = none\n")
        try desktop.startDaemon()
        let payload = (0..<(6 << 20)).map { UInt8(97 + $0 % 26) }
        _ = try Child([CopypastaBinary.path, "add"], environment: desktop.environment).communicate(payload)
        #expect(try desktop.cli.run("copy", "1").status == 0)
        let stalled = try desktop.start([TestOwner.path, "stall-reader"])
        #expect(stalled.waitForLine("stalled") != nil)
        let readers = try (0..<3).map { index in
            try Child(
                ["xclip", "-selection", "clipboard", "-o"], environment: desktop.environment, captureOutput: false,
                stdin: false, stdoutPath: desktop.sandbox.root + "/out\(index)")
        }
        for (index, reader) in readers.enumerated() {
            #expect(reader.wait(seconds: 60) == 0)
            #expect(desktop.sandbox.read(desktop.sandbox.root + "/out\(index)") == payload)
        }
    }

    @Test func targetsAndLatin1String() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.startDaemon()
        try desktop.cli.run("add", "café über")
        try desktop.cli.run("add", "snowman ☃")
        #expect(try desktop.cli.run("copy", "1").status == 0)
        let targets = try desktop.paste(target: "TARGETS").output.split(separator: "\n")
        for name in [
            "TARGETS", "TIMESTAMP", "MULTIPLE", "UTF8_STRING", "text/plain;charset=utf-8", "text/plain", "STRING", "TEXT",
        ] {
            #expect(targets.contains(Substring(name)), "\(name) missing from \(targets)")
        }
        #expect(try desktop.paste(target: "STRING").stdout == [0x63, 0x61, 0x66, 0xE9, 0x20, 0xFC, 0x62, 0x65, 0x72])
        #expect(try desktop.paste(target: "text/plain;charset=utf-8").output == "café über")
        #expect(try desktop.cli.run("copy", "2").status == 0)
        #expect(!(try desktop.paste(target: "TARGETS").output.split(separator: "\n").contains("STRING")))
        #expect(try desktop.paste(target: "STRING").status != 0)
        #expect(try desktop.paste(target: "image/png").status != 0)
        #expect(try desktop.paste().output == "snowman ☃")
        let multiple = try desktop.start([TestOwner.path, "multiple-reader"]).communicate(timeout: 20)
        // STRING is refused for text outside Latin-1 and image/png always: their pairs come back as None.
        #expect(multiple.output == "TESTOWNER_A snowman ☃\nTESTOWNER_B none\nTESTOWNER_C none\n")
    }

    @Test func copyWithoutDaemonUsesABackgroundServerThatExitsWhenReplaced() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.cli.run("add", "no daemon here")
        #expect(try desktop.cli.run("copy", "1").status == 0)
        #expect(try desktop.paste().output == "no daemon here")
        let keeper = try Child(["pgrep", "-f", "copypasta serve 1 .*\(desktop.sandbox.root)"]).communicate().output
        let pid = Int32(keeper.split(separator: "\n").first ?? "") ?? 0
        #expect(pid > 0)
        try desktop.xclip(Array("someone else".utf8))
        #expect(waitUntil(seconds: 10) { kill(pid, 0) != 0 })
        #expect(try desktop.cli.run("show", "1").output == "no daemon here")
        #expect(try desktop.sql("SELECT use_count FROM entry WHERE id = 1") == "1")
        #expect(try desktop.cli.run("copy", "99").status == 66)
    }

    @Test func keepAliveServesTheEntryAfterItsOwnerExitsButNeverTakesItBack() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let owner = try desktop.startDaemonWithOwner(of: "copied then closed")
        owner.signal(SIGKILL)
        owner.wait()
        #expect(desktop.waitForLog("keeping the clipboard alive"))
        #expect(try desktop.paste().output == "copied then closed")
        try desktop.xclip(Array("a new owner".utf8))
        try desktop.waitForEntries(2)
        #expect(try desktop.paste().output == "a new owner")
        #expect(desktop.log.occurrences(of: "keeping the clipboard alive") == 1)
    }

    @Test func keepAliveNeverResurrectsAnEntryForAnOwnerWhoseCopyWasSkipped() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.startDaemon()
        try desktop.xclip(Array("ordinary text".utf8))
        try desktop.waitForEntries(1)
        let secret = try desktop.start([TestOwner.path, "normal", "--hint", "--text", "hunter2"])
        #expect(secret.waitForLine("owned") != nil)
        #expect(desktop.waitForLog("password manager hint"))
        secret.signal(SIGKILL)
        secret.wait()
        // The password manager is gone: the clipboard stays empty instead of showing the older entry.
        #expect(desktop.waitForLog("the owner of CLIPBOARD went away"))
        #expect(try desktop.paste().status != 0)
        #expect(!desktop.log.contains("keeping the clipboard alive"))
    }

    @Test func restoreIsNotCapturedAgain() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.startDaemon()
        try desktop.xclip(Array("first".utf8))
        try desktop.waitForEntries(1)
        try desktop.xclip(Array("second".utf8))
        try desktop.waitForEntries(2)
        #expect(try desktop.cli.run("copy", "1").status == 0)
        #expect(desktop.waitForLog("restored"))
        #expect(try desktop.cli.run("list").output == "2\tsecond\n1\tfirst\n")
        #expect(try desktop.cli.run("list", "--json").output.contains(#""useCount":1"#))
    }

    @Test func addCopyAndStatusShowTheDaemon() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let daemon = try desktop.startDaemon()
        #expect(try desktop.cli.run("add", "--copy", "added and copied").status == 0)
        #expect(try desktop.paste().output == "added and copied")
        let status = try desktop.cli.run("status")
        #expect(status.output.contains("daemon: running (pid \(daemon.pid), display \(desktop.server.display), up "))
        #expect(try desktop.cli.run("status", "--json").output.contains(#""daemon":{"pid":\#(daemon.pid)"#))
        #expect(try desktop.cli.run("pause").status == 0)
        #expect(desktop.waitForLog("capture paused"))
    }
}
