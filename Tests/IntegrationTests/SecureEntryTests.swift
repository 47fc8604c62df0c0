import Glibc
import TestSupport
import Testing

/// Secure entries end to end: the real binary, a scripted pinentry, a real database file and Xvfb.
@Suite(.serialized) struct SecureEntryTests {
    static let secret = "zqxhunter2opensesame"
    static let passphrase = "correct horse battery"

    /// A pinentry that speaks the few Assuan lines copypasta sends: OK to everything, the
    /// passphrase in `pass` for GETPIN (confirmed as repeated after SETREPEAT, as a dialog with
    /// two fields does); each GETPIN appends a line to `asked`.
    static func pinentry(in sandbox: Sandbox) -> String {
        sandbox.write("pass", passphrase)
        return sandbox.write(
            "pinentry",
            """
            #!/bin/sh
            echo "OK Pleased to meet you"
            repeat=
            while read -r command rest; do
                case "$command" in
                SETREPEAT) repeat=yes; echo OK ;;
                GETPIN)
                    echo asked >> "\(sandbox.root)/asked"; printf 'D %s\\n' "$(cat "\(sandbox.root)/pass")"
                    [ -n "$repeat" ] && echo "S PIN_REPEATED"
                    echo OK ;;
                BYE) echo OK; exit 0 ;;
                *) echo OK ;;
                esac
            done
            """, mode: 0o755)
    }

    static func asked(_ sandbox: Sandbox) -> Int {
        String(decoding: sandbox.read(sandbox.root + "/asked") ?? [], as: UTF8.self).occurrences(of: "asked")
    }

    @Test func secureRemovesThePlaintextAndShowNeedsThePassphrase() throws {
        let sandbox = Sandbox()
        sandbox.write("config/copypasta/copypasta.conf", "pinentry-program = \(Self.pinentry(in: sandbox))\n")
        let cli = CopypastaBinary(sandbox: sandbox)
        for index in 0..<200 { try cli.run("add", "filler \(index) words to index") }
        #expect(try cli.run("add", "password: \(Self.secret)").output == "201\n")
        #expect(!sandbox.databaseFilesHolding(Self.secret).isEmpty)
        let secure = try cli.run("secure", "201")
        #expect(secure.status == 0, "\(secure.stderr)")
        #expect(Self.asked(sandbox) == 1)
        #expect(sandbox.databaseFilesHolding(Self.secret) == [])
        #expect(try cli.run("search", Self.secret).status == 1)
        #expect(try cli.run("list", "--limit", "1").output.hasSuffix("[secure]\n"))
        let json = try cli.run("list", "--json", "--limit", "1").output
        #expect(json.contains("\"text\":null,\"preview\":null") && json.contains("\"secure\":true"), "\(json)")
        #expect(try cli.run("show", "201").output == "password: \(Self.secret)")
        #expect(Self.asked(sandbox) == 2)
        let wrong = try cli.run(["show", "201", "--passphrase-fd", "0"], input: Array("wrong\n".utf8))
        #expect(wrong.status == 77 && wrong.stdout.isEmpty, "\(wrong.stderr)")
        #expect(wrong.stderr == "copypasta: wrong passphrase; nothing was shown or changed\n")
        let viaFD = try cli.run(["show", "201", "--passphrase-fd", "0"], input: Array((Self.passphrase + "\n").utf8))
        #expect(viaFD.output == "password: \(Self.secret)")
        #expect(try cli.run("secure", "--clear", "201").status == 0)
        #expect(try cli.run("search", Self.secret).output.hasPrefix("201\t"))
    }

    @Test func aCancelledOrMissingPinentryShowsNothing() throws {
        let sandbox = Sandbox()
        let cancelling = sandbox.write(
            "cancel",
            """
            #!/bin/sh
            echo OK
            while read -r command rest; do
                case "$command" in
                GETPIN) echo "ERR 83886179 Operation cancelled <Pinentry>" ;;
                *) echo OK ;;
                esac
            done
            """, mode: 0o755)
        let cli = CopypastaBinary(sandbox: sandbox)
        try cli.run(["add", "--secure", "--passphrase-fd", "0", Self.secret], input: Array(Self.passphrase.utf8))
        sandbox.write("config/copypasta/copypasta.conf", "pinentry-program = \(cancelling)\n")
        let cancelled = try cli.run("show", "1")
        #expect(cancelled.status == 77 && cancelled.stdout.isEmpty, "\(cancelled.stderr)")
        #expect(cancelled.stderr.contains("cancelled"))
        sandbox.write("config/copypasta/copypasta.conf", "pinentry-program = \(sandbox.root)/no-such-pinentry\n")
        let missing = try cli.run("show", "1")
        #expect(missing.status == 64 && missing.stdout.isEmpty, "\(missing.stderr)")
        sandbox.write("config/copypasta/copypasta.conf", "pinentry-program = /bin/true\n")
        let silent = try cli.run("show", "1")
        #expect(silent.status == 69 && silent.stdout.isEmpty, "a failed prompt is no wrong passphrase: \(silent.stderr)")
        #expect(silent.stderr.hasPrefix("copypasta: the passphrase prompt of '/bin/true' failed"))
    }

    @Test func addSecureStoresNoPlaintextAndExportLeavesItOut() throws {
        let sandbox = Sandbox()
        let cli = CopypastaBinary(sandbox: sandbox)
        for index in 0..<50 { try cli.run("add", "filler \(index)") }
        let added = try cli.run(["add", "--secure", "--passphrase-fd", "3", Self.secret], input: [])
        // Descriptor 3 is not open in the child: reading the passphrase fails as a usage error.
        #expect(added.status == 64, "\(added.stderr)")
        let viaStdin = try cli.run(
            ["add", "--secure", "--passphrase-fd", "0", "the \(Self.secret)"], input: Array(Self.passphrase.utf8))
        #expect(viaStdin.output == "51\n", "\(viaStdin.stderr)")
        #expect(sandbox.databaseFilesHolding(Self.secret) == [])
        let export = try cli.run("export")
        #expect(!export.output.contains(Self.secret) && !export.output.contains("\"id\":51,"))
        #expect(export.stderr == "copypasta: 1 secure entries left out (see --include-secure)\n")
        let sealed = try cli.run("export", "--include-secure")
        let line = sealed.output.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            line.hasPrefix("{\"id\":51,\"text\":null,\"preview\":null,") && line.contains(",\"secure\":true,\"sealed\":\""),
            "\(line)")
        #expect(!sealed.output.contains(Self.secret) && sealed.stderr.contains("as ciphertext only"))
    }

    @Test func theDaemonRelocksAfterItsTimeoutAndOnLock() throws {
        let desktop = try Desktop(config: "feedback = none\nsecure-unlock-timeout = 3s\n")
        let sandbox = desktop.sandbox
        desktop.sandbox.write(
            "config/copypasta/copypasta.conf",
            "feedback = none\nsecure-unlock-timeout = 3s\npinentry-program = \(Self.pinentry(in: sandbox))\n")
        try desktop.startDaemon()
        #expect(
            try desktop.cli.run(["add", "--secure", "--passphrase-fd", "0", Self.secret], input: Array(Self.passphrase.utf8))
                .status == 0)
        let copy = try desktop.cli.run("copy", "1")
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(Self.asked(sandbox) == 1)
        #expect(try desktop.paste().output == Self.secret)
        #expect(try desktop.cli.run("copy", "1").status == 0)
        #expect(Self.asked(sandbox) == 1, "the unlocked daemon asks nobody")
        #expect(desktop.waitForLog("secure entries locked after secure-unlock-timeout", seconds: 30))
        #expect(try desktop.cli.run("copy", "1").status == 0)
        #expect(Self.asked(sandbox) == 2)
        #expect(try desktop.cli.run("lock").status == 0)
        #expect(desktop.waitForLog("secure entries locked on request"))
        sandbox.write("pass", "wrong")
        let wrong = try desktop.cli.run("copy", "1")
        #expect(wrong.status == 77, "\(wrong.stderr)")
        #expect(!desktop.log.contains(Self.secret))
    }

    @Test func aRestoredSecureEntryLeavesTheClipboardAfterSecureClear() throws {
        let desktop = try Desktop(config: "feedback = none\nsecure-clear = 1s\n")
        try desktop.startDaemon()
        let pass = Array((Self.passphrase + "\n").utf8)
        #expect(try desktop.cli.run(["add", "--secure", "--passphrase-fd", "0", Self.secret], input: pass).status == 0)
        #expect(try desktop.cli.run(["copy", "1", "--passphrase-fd", "0"], input: pass).status == 0)
        #expect(try desktop.paste().output == Self.secret)
        #expect(desktop.waitForLog("took a secure entry off the clipboard", seconds: 30))
        #expect(try desktop.paste().output != Self.secret)
        // Something else took the clipboard meanwhile: the clear leaves it alone.
        #expect(try desktop.cli.run(["copy", "1", "--passphrase-fd", "0"], input: pass).status == 0)
        try desktop.xclip(Array("someone else".utf8))
        #expect(desktop.waitForLog("secure-clear: the clipboard changed meanwhile", seconds: 30))
        #expect(try desktop.paste().output == "someone else")
    }

    @Test func secureClearTakesTheEntryOffPrimaryTooWithOrWithoutADaemon() throws {
        let desktop = try Desktop(config: "feedback = none\nsecure-clear = 1s\n")
        let pass = Array((Self.passphrase + "\n").utf8)
        #expect(try desktop.cli.run(["add", "--secure", "--passphrase-fd", "0", Self.secret], input: pass).status == 0)
        for withDaemon in [false, true] {
            if withDaemon { try desktop.startDaemon() }
            #expect(try desktop.cli.run(["copy", "1", "--both", "--passphrase-fd", "0"], input: pass).status == 0)
            #expect(try desktop.paste(selection: "primary").output == Self.secret)
            #expect(try waitUntil(seconds: 30) { try desktop.paste(selection: "primary", timeout: 5).output != Self.secret })
            #expect(try desktop.paste().output != Self.secret)
        }
    }

    @Test func withoutADaemonTheBackgroundServerGetsThePassphraseAndClearsTheClipboard() throws {
        let desktop = try Desktop(config: "feedback = none\nsecure-clear = 1s\n")
        let pass = Array((Self.passphrase + "\n").utf8)
        #expect(try desktop.cli.run(["add", "--secure", "--passphrase-fd", "0", Self.secret], input: pass).status == 0)
        let wrong = try desktop.cli.run(["copy", "1", "--passphrase-fd", "0"], input: Array("nope\n".utf8))
        #expect(wrong.status == 77 && wrong.stderr.contains("wrong passphrase"), "\(wrong.stderr)")
        let copy = try desktop.cli.run(["copy", "1", "--passphrase-fd", "0"], input: pass)
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(try desktop.paste().output == Self.secret)
        // After secure-clear the server gives the clipboard up and exits: nobody owns it any more.
        #expect(try waitUntil(seconds: 30) { try desktop.paste(timeout: 5).status != 0 })
    }

    @Test func pickAsksForThePassphraseWithPinentryWithOrWithoutADaemon() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let sandbox = desktop.sandbox
        sandbox.write("config/copypasta/copypasta.conf", "feedback = none\npinentry-program = \(Self.pinentry(in: sandbox))\n")
        let pass = Array((Self.passphrase + "\n").utf8)
        #expect(try desktop.cli.run(["add", "--secure", "--passphrase-fd", "0", Self.secret], input: pass).status == 0)
        let alone = try desktop.cli.run("pick", "--first")
        #expect(alone.status == 0 && alone.stderr.isEmpty, "\(alone.stderr)")
        #expect(Self.asked(sandbox) == 1)
        #expect(try desktop.paste().output == Self.secret)
        let hint = "x-kde-passwordManagerHint"
        #expect(try desktop.paste(target: "TARGETS").output.contains(hint), "clipboard managers are told to skip it")
        try desktop.startDaemon()
        #expect(desktop.waitForLog("reason=password manager hint"), "the daemon skips what the background server serves")
        #expect(try desktop.entryCount() == 1)
        #expect(sandbox.databaseFilesHolding(Self.secret) == [])
        let locked = try desktop.cli.run("pick", "--first")
        #expect(locked.status == 0 && locked.stderr.isEmpty, "\(locked.stderr)")
        #expect(Self.asked(sandbox) == 2)
        #expect(try desktop.paste().output == Self.secret)
        #expect(try desktop.paste(target: "TARGETS").output.contains(hint))
    }

    @Test func hooksAndNotificationsSeeThePlaceholderOnly() throws {
        let desktop = try Desktop()
        let dir = desktop.sandbox.root
        desktop.sandbox.write(
            "bin/notify-send", "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"\(dir)/notify.log\"\n", mode: 0o755
        )
        desktop.extraEnvironment["PATH"] = dir + "/bin:" + (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin")
        let script = "#!/bin/sh\nenv | grep '^COPYPASTA_PREVIEW=' > \"\(dir)/copy.env\"\ncat > \"\(dir)/copy.stdin\"\n"
        desktop.sandbox.write("config/copypasta/hooks/on-copy", script, mode: 0o755)
        try desktop.startDaemon()
        let pass = Array((Self.passphrase + "\n").utf8)
        #expect(try desktop.cli.run(["add", "--secure", "--passphrase-fd", "0", Self.secret], input: pass).status == 0)
        #expect(try desktop.cli.run(["copy", "1", "--passphrase-fd", "0"], input: pass).status == 0)
        #expect(waitUntil(seconds: 30) { desktop.sandbox.read(dir + "/copy.stdin") == Array("[secure]".utf8) })
        #expect(waitUntil(seconds: 30) { desktop.sandbox.read(dir + "/copy.env") == Array("COPYPASTA_PREVIEW=[secure]\n".utf8) })
        // Without a hook, the copy feedback is a notification.
        _ = unlink(dir + "/config/copypasta/hooks/on-copy")
        #expect(try desktop.cli.run(["copy", "1", "--passphrase-fd", "0"], input: pass).status == 0)
        #expect(waitUntil(seconds: 30) { desktop.sandbox.read(dir + "/notify.log") != nil })
        let notified = String(decoding: desktop.sandbox.read(dir + "/notify.log") ?? [], as: UTF8.self)
        #expect(!notified.contains(Self.secret) && !desktop.log.contains(Self.secret), "\(notified)")
    }
}
