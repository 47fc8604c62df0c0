import Glibc
import TestSupport
import Testing

/// Secure entries used from a hotkey: no terminal (`setsid`, stdin /dev/null), the default
/// `pinentry` a text-mode one, and the real pinentry-gtk-2 under Xvfb typed into with xdotool.
@Suite(.serialized) struct SecureHotkeyTests {
    static let secret = "zqxhunter2opensesame"
    static let passphrase = "correct horse battery"

    /// A desktop whose PATH starts with a directory where `pinentry` is pinentry-curses (as on
    /// many systems) and notify-send records its arguments in `notified`; `onlyThat` leaves
    /// the rest of PATH out (no graphical pinentry to find).
    private func desktop(config: String = "", onlyThat: Bool = false) throws -> Desktop {
        let desktop = try Desktop(config: config)
        let bin = desktop.sandbox.root + "/bin"
        desktop.sandbox.write(
            "bin/notify-send",
            "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done >> \"\(desktop.sandbox.root)/notified\"\n",
            mode: 0o755)
        #expect(symlink("/usr/bin/pinentry-curses", bin + "/pinentry") == 0)
        desktop.extraEnvironment["PATH"] = onlyThat ? bin : bin + ":/usr/bin:/bin"
        return desktop
    }

    /// Runs copypasta as a hotkey does: a session of its own, no terminal, stdin /dev/null.
    private func hotkey(_ desktop: Desktop, _ arguments: [String]) throws -> Child {
        try Child(["/usr/bin/setsid", "-w", CopypastaBinary.path] + arguments, environment: desktop.environment, stdin: false)
    }

    /// Types into the pinentry-gtk-2 dialog once it shows: each text followed by Return (which moves
    /// to the repeat field, then confirms).
    private func answerDialog(_ desktop: Desktop, _ texts: [String]) throws {
        let search = ["xdotool", "search", "--sync", "--onlyvisible", "--class", "Pinentry"]
        #expect(try Child(search, environment: desktop.environment).communicate(timeout: 30).status == 0)
        for text in texts {
            #expect(try desktop.tool(["xdotool", "type", "--delay", "20", text]) == 0)
            #expect(try desktop.tool(["xdotool", "key", "Return"]) == 0)
        }
    }

    private func notified(_ desktop: Desktop) -> String {
        String(decoding: desktop.sandbox.read(desktop.sandbox.root + "/notified") ?? [], as: UTF8.self)
    }

    @Test func fromAHotkeyTheDefaultPinentryGivesWayToTheGraphicalOne() throws {
        let desktop = try desktop()
        let pass = Array((Self.passphrase + "\n").utf8)
        #expect(try desktop.cli.run(["add", "--secure", "--passphrase-fd", "0", Self.secret], input: pass).status == 0)
        let show = try hotkey(desktop, ["show", "1"])
        try answerDialog(desktop, [Self.passphrase])
        let result = show.communicate(timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output == Self.secret)
    }

    @Test func aNewPassphraseIsAskedTwiceInTheDialog() throws {
        let desktop = try desktop()
        let add = try hotkey(desktop, ["add", "--secure", Self.secret])
        try answerDialog(desktop, [Self.passphrase, Self.passphrase])
        let result = add.communicate(timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let pass = Array((Self.passphrase + "\n").utf8)
        #expect(try desktop.cli.run(["show", "1", "--passphrase-fd", "0"], input: pass).output == Self.secret)
    }

    @Test func aPinentryThatCannotRepeatIsAskedASecondTime() throws {
        let desktop = try desktop()
        let answers = desktop.sandbox.write("answers", "first\nsecond\n")
        let stub = desktop.sandbox.write(
            "single-field",
            """
            #!/bin/sh
            echo OK
            while read -r command rest; do
                case "$command" in
                SETREPEAT) echo "ERR 536870981 Unknown command <Pinentry>" ;;
                GETPIN) printf 'D %s\\n' "$(sed -n 1p '\(answers)')"; sed -i 1d '\(answers)'; echo OK ;;
                *) echo OK ;;
                esac
            done
            """, mode: 0o755)
        desktop.sandbox.write("config/copypasta/copypasta.conf", "pinentry-program = \(stub)\n")
        let differ = try desktop.cli.run("add", "--secure", Self.secret)
        #expect(differ.status == 77 && differ.stderr == "copypasta: the two passphrases differ; nothing was changed\n")
        #expect(try desktop.entryCount() == 0)
        desktop.sandbox.write("answers", "same\nsame\n")
        #expect(try desktop.cli.run("add", "--secure", Self.secret).status == 0)
        #expect(desktop.sandbox.read(answers) == [])
    }

    @Test func aFailedPromptIsSaidAsSuchOnOneLineAndNotified() throws {
        let desktop = try desktop(config: "pinentry-program = /usr/bin/pinentry-curses\n")
        let pass = Array((Self.passphrase + "\n").utf8)
        #expect(try desktop.cli.run(["add", "--secure", "--passphrase-fd", "0", Self.secret], input: pass).status == 0)
        let result = try hotkey(desktop, ["show", "1"]).communicate(timeout: 60)
        #expect(result.status == 69 && result.stdout.isEmpty, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("copypasta: the passphrase prompt of '/usr/bin/pinentry-curses' failed"))
        #expect(result.stderr.occurrences(of: "\n") == 1 && result.stderr.hasSuffix("\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("wrong passphrase"))
        #expect(waitUntil(seconds: 20) { notified(desktop).contains("the passphrase prompt") }, "\(notified(desktop))")
    }

    @Test func withNoGraphicalPinentryItSaysWhichToInstall() throws {
        let desktop = try desktop(onlyThat: true)
        let pass = Array((Self.passphrase + "\n").utf8)
        #expect(try desktop.cli.run(["add", "--secure", "--passphrase-fd", "0", Self.secret], input: pass).status == 0)
        let result = try hotkey(desktop, ["copy", "1"]).communicate(timeout: 60)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("install pinentry-gtk2") && result.stderr.occurrences(of: "\n") == 1, "\(result.stderr)")
        #expect(waitUntil(seconds: 20) { notified(desktop).contains("no graphical pinentry") }, "\(notified(desktop))")
    }
}
