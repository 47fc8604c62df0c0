import TestSupport
import Testing

/// `copypasta pick` with scripted launchers.
@Suite(.serialized) struct PickTests {
    func launcher(_ desktop: Desktop, _ script: String) -> String {
        desktop.sandbox.write("launcher.sh", "#!/bin/sh\n" + script, mode: 0o755)
    }

    /// A desktop with a running daemon and `texts` added in order (the last is the newest).
    func started(adding texts: String...) throws -> Desktop {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.startDaemon()
        for text in texts { try desktop.cli.run("add", text) }
        return desktop
    }

    @Test func choosingALineRestoresItsEntry() throws {
        let desktop = try started(adding: "first entry", "multi\nline\nentry", "third")
        let script = launcher(desktop, "cat > \"$(dirname \"$0\")/menu.txt\"; sed -n 2p \"$(dirname \"$0\")/menu.txt\"\n")
        let result = try desktop.cli.run("pick", "--launcher", script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            String(decoding: desktop.sandbox.read(desktop.sandbox.root + "/menu.txt") ?? [], as: UTF8.self)
                == "3\tthird\n2\tmulti⏎line⏎entry\n1\tfirst entry\n")
        #expect(try desktop.paste().output == "multi\nline\nentry")
    }

    @Test func cancellingExitsOneAndChangesNothing() throws {
        let desktop = try started(adding: "keep")
        try desktop.xclip(Array("current".utf8))
        try desktop.waitForEntries(2)
        let cancel = try desktop.cli.run("pick", "--launcher", launcher(desktop, "cat >/dev/null; exit 1\n"))
        #expect(cancel.status == 1)
        let empty = try desktop.cli.run("pick", "--launcher", launcher(desktop, "cat >/dev/null\n"))
        #expect(empty.status == 1)
        #expect(try desktop.paste().output == "current")
        #expect(try desktop.sql("SELECT sum(use_count) FROM entry") == "0")
    }

    @Test func queryPinnedAndEnvironmentLauncher() throws {
        let desktop = try started(adding: "apple pie", "banana split")
        try desktop.cli.run("pin", "1")
        var cli = desktop.cli
        cli.environment["COPYPASTA_LAUNCHER"] = launcher(desktop, "head -n 1\n")
        #expect(try cli.run("pick", "banana").status == 0)
        #expect(try desktop.paste().output == "banana split")
        #expect(try cli.run("pick", "--pinned").status == 0)
        #expect(try desktop.paste().output == "apple pie")
        #expect(try cli.run("pick", "nomatch").status == 1)
        let nullMenu = launcher(desktop, "cat > \"$(dirname \"$0\")/null.bin\"; printf '2\\tbanana split'\n")
        #expect(try desktop.cli.run("pick", "-0", "--launcher", nullMenu).status == 0)
        #expect(desktop.sandbox.read(desktop.sandbox.root + "/null.bin") == Array("2\tbanana split\u{0}1\tapple pie\u{0}".utf8))
    }

    @Test func aLauncherThatAnswersBeforeReadingEverythingStillRestores() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.startDaemon()
        let padding = String(repeating: "p", count: 150)
        let lines = (1...1000).map { #"{"text":"entry \#($0) \#(padding)","capturedAt":"2026-01-01T00:00:00Z"}"# }
        let file = desktop.file("many.jsonl", Array((lines.joined(separator: "\n") + "\n").utf8))
        #expect(try desktop.cli.run("import", file).status == 0)
        try desktop.cli.run("add", "the newest")
        let result = try desktop.cli.run("pick", "--launcher", "head -n1")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try desktop.paste().output == "the newest")
        try desktop.cli.run("copy", "1")
        let echoed = try desktop.cli.run(["pick", "--json", "--launcher", "cat"], timeout: 30)
        #expect(echoed.status == 0, "a launcher echoing 200 KB of menu must not deadlock: \(echoed.stderr)")
        #expect(try desktop.paste().output == "the newest")
    }

    @Test func aMissingLauncherIsUnavailableAndNamed() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.cli.run("add", "something")
        let result = try desktop.cli.run("pick", "--launcher", "no-such-launcher-8x --flag")
        #expect(result.status == 69)
        #expect(result.stderr.contains("no-such-launcher-8x"))
    }
}
