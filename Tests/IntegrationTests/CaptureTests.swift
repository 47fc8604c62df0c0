import Glibc
import TestSupport
import Testing

/// The daemon against a real Xvfb, real xclip/xsel and a real database file.
@Suite(.serialized) struct CaptureTests {
    @Test func capturesUTF8EmojiAndCRLFFromXclipAndXsel() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        let samples = ["plain ascii", "ünïcødé €", "emoji 😀👍🏽 family 👨‍👩‍👧", "windows\r\nline\r\nendings\r\n", "tab\tand\nnewline\n"]
        for (index, sample) in samples.enumerated() {
            if index % 2 == 0 { try desktop.xclip(Array(sample.utf8)) } else { try desktop.xsel(Array(sample.utf8)) }
            #expect(try desktop.waitForEntries(index + 1), "\(desktop.log)")
            #expect(try desktop.cli.run("show", "\(index + 1)").stdout == Array(sample.utf8))
        }
        #expect(try desktop.sql("SELECT DISTINCT source FROM entry") == "clipboard")
    }

    @Test func stringOnlyOwnerIsDecodedAsLatin1() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x20, 0xA9, 0x20, 0xFC, 0x62, 0x65, 0x72]
        let owner = try desktop.start([TestOwner.path, "string-only", desktop.file("latin1.txt", latin1)])
        #expect(owner.waitForLine("owned") != nil)
        #expect(try desktop.waitForEntries(1), "\(desktop.log)")
        #expect(try desktop.cli.run("show", "1").output == "café © über")
    }

    @Test(arguments: [1, 4000, 4001, 65_536, 300 * 1024, (1 << 20) + 1, 5 << 20, 20 << 20])
    func payloadLadderRoundTripsByteForByte(size: Int) throws {
        let desktop = try Desktop(config: "max-bytes = 32M\nconvert-timeout = 5s\n")
        try desktop.startDaemon()
        let pattern = Array("0123456789abcdefghijklmnopqrstuvwxyz ✓\n".utf8)
        var payload = (0..<size).map { pattern[$0 % pattern.count] }
        // Never end inside a multi-byte character.
        while !payload.isEmpty, String(validating: payload, as: UTF8.self) == nil { payload[payload.count - 1] = 0x2E }
        try desktop.xclip(payload)
        #expect(try desktop.waitForEntries(1, seconds: 30), "\(desktop.log)")
        #expect(try desktop.cli.run("show", "1").stdout == payload)
        if size <= 1 << 20 {
            try desktop.xsel(payload + [0x21])
            #expect(try desktop.waitForEntries(2, seconds: 30), "\(desktop.log)")
            #expect(try desktop.cli.run("show", "2").stdout == payload + [0x21])
        }
    }

    @Test func fiftyMebibyteClipboardIsSkippedEarlyAndTheDaemonStaysResponsive() throws {
        let desktop = try Desktop()
        let daemon = try desktop.startDaemon()
        try desktop.xclip(Array(repeating: 0x7A, count: 50 << 20))
        #expect(desktop.waitForLog("larger than max-bytes", seconds: 60), "\(desktop.log)")
        try desktop.xclip(Array("small and fine".utf8))
        #expect(try desktop.waitForEntries(1))
        #expect(try desktop.cli.run("list").output == "1\tsmall and fine\n")
        let status = String(decoding: desktop.sandbox.read("/proc/\(daemon.pid)/status") ?? [], as: UTF8.self)
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM") }.flatMap {
            Int($0.split(separator: " ").dropFirst().first ?? "")
        }
        // Skipped from the first chunks: the daemon never held anything near 50 MiB.
        #expect((peak ?? 0) < 40 << 10, "peak \(peak ?? 0) kB")
    }

    @Test func duplicatesRestartAndPause() throws {
        let desktop = try Desktop()
        let daemon = try desktop.startDaemon()
        try desktop.xclip(Array("one".utf8))
        try desktop.waitForEntries(1)
        try desktop.xclip(Array("one".utf8))
        #expect(desktop.waitForLog("unchanged"))
        try desktop.xclip(Array("two".utf8))
        try desktop.waitForEntries(2)
        try desktop.xclip(Array("one".utf8))
        #expect(desktop.waitForLog("moved to top"))
        #expect(try desktop.cli.run("list").output == "1\tone\n2\ttwo\n")
        daemon.stop()
        #expect(daemon.wait() == 0)
        try desktop.startDaemon()
        #expect(desktop.waitForLog("unchanged", times: 2))
        #expect(try desktop.entryCount() == 2)
        #expect(try desktop.cli.run("pause").status == 0)
        try desktop.xclip(Array("secret while paused".utf8))
        #expect(desktop.waitForLog("reason=paused"))
        #expect(try desktop.cli.run("resume").status == 0)
        try desktop.xclip(Array("after resume".utf8))
        try desktop.waitForEntries(3)
        #expect(try desktop.cli.run("search", "paused").status == 1)
    }

    @Test func passwordHintIgnoredAppsAndMaxBytesAreNotStored() throws {
        let desktop = try Desktop(config: "ignore-apps = SecretKeeper\nmax-bytes = 100\nignore-patterns = \"^sk-[a-z]{8}$\"\n")
        try desktop.startDaemon()
        let hinted = try desktop.start([TestOwner.path, "normal", "--hint", "--text", "hunter2"])
        #expect(hinted.waitForLine("owned") != nil)
        #expect(desktop.waitForLog("password manager hint"))
        let ignored = try desktop.start([TestOwner.path, "normal", "--class", "SecretKeeper", "--text", "from secret app"])
        #expect(ignored.waitForLine("owned") != nil)
        #expect(desktop.waitForLog("ignored app SecretKeeper"))
        try desktop.xclip(Array(repeating: 0x41, count: 101))
        #expect(desktop.waitForLog("larger than max-bytes"))
        try desktop.xclip(Array("sk-abcdefgh".utf8))
        #expect(desktop.waitForLog("matches ignore-patterns"))
        try desktop.xclip(Array("allowed".utf8))
        try desktop.waitForEntries(1)
        #expect(try desktop.cli.run("list").output == "1\tallowed\n")
        #expect(!desktop.log.contains("hunter2") && !desktop.log.contains("allowed"))
    }

    @Test(arguments: ["never-answer", "targets-only", "stall-incr", "die-mid-incr", "lie-type", "image-only"])
    func adversarialOwnerCostsOneSkippedCapture(mode: String) throws {
        let desktop = try Desktop(config: "convert-timeout = 1s\n")
        try desktop.startDaemon()
        let owner = try desktop.start([
            TestOwner.path, mode, "--incr", "--chunk", "1000", "--text", String(repeating: "x", count: 10_000),
        ])
        #expect(owner.waitForLine("owned") != nil)
        #expect(desktop.waitForLog("skipped"), "\(desktop.log)")
        try desktop.xclip(Array("good copy after \(mode)".utf8))
        #expect(try desktop.waitForEntries(1), "\(desktop.log)")
        #expect(try desktop.cli.run("show", "1").output == "good copy after \(mode)")
    }

    @Test func invalidUTF8IsRepairedAndKept() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        let owner = try desktop.start([TestOwner.path, "normal", desktop.file("bad.txt", [0x6F, 0x6B, 0xFF, 0xFE, 0x21])])
        #expect(owner.waitForLine("owned") != nil)
        try desktop.waitForEntries(1)
        #expect(try desktop.cli.run("show", "1").output == "ok\u{FFFD}\u{FFFD}!")
        try desktop.xclip(Array("next".utf8))
        try desktop.waitForEntries(2)
    }

    @Test func feedbackLoopIsRateLimited() throws {
        let desktop = try Desktop()
        try desktop.startDaemon()
        let owner = try desktop.start([TestOwner.path, "reset-on-read", "--text", "loop"])
        #expect(owner.waitForLine("owned") != nil)
        #expect(desktop.waitForLog("pausing reads"), "\(desktop.log)")
        #expect(try desktop.entryCount() == 1)
        owner.stop()
        try desktop.xclip(Array("after the loop".utf8))
        #expect(try desktop.waitForEntries(2))
    }

    @Test func primarySelectionIsOptInAndMergesGrowingSelections() throws {
        let desktop = try Desktop()
        let daemon = try desktop.startDaemon()
        try desktop.xclip(Array("primary ignored".utf8), selection: "primary")
        try desktop.xclip(Array("clipboard kept".utf8))
        try desktop.waitForEntries(1)
        daemon.stop()
        desktop.sandbox.write("config/copypasta/copypasta.conf", "selections = clipboard, primary\n")
        try desktop.startDaemon()
        #expect(desktop.waitForLog("captured", times: 2))
        // A drag selection: each partial copy follows the previous at once (the merge window is 2 s).
        for partial in ["hel", "hello", "hello wor", "hello world"] {
            try desktop.xclip(Array(partial.utf8), selection: "primary")
        }
        #expect(
            try waitUntil(seconds: 15) {
                try desktop.cli.run("search", "hel*", "source:primary").output.hasSuffix("\thello world\n")
            },
            "\(desktop.log)")
        // At start the daemon read the PRIMARY content left from before ("primary ignored"); the four
        // partial selections became one entry.
        #expect(try desktop.sql("SELECT count(*) FROM entry WHERE source = 'primary'") == "2", "\(desktop.log)")
        #expect(try desktop.cli.run("search", "hel*", "source:primary").output.hasSuffix("\thello world\n"))
    }
}
