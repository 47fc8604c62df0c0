import TestSupport
import Testing

/// `pick QUERY` offers the ranked list; `pick --first QUERY` restores the best match without a launcher.
@Suite(.serialized) struct FindPickTests {
    @Test func pickRanksByTheQueryAndFirstTakesTheBestMatch() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.startDaemon()
        try desktop.cli.run("add", "Signed-off-by: A <a@example.com>", "--name", "git-signoff")
        try desktop.cli.run("add", "the signal is strong")
        try desktop.cli.run("add", "unrelated")
        let menu = desktop.sandbox.root + "/menu.txt"
        var cli = desktop.cli
        cli.environment["COPYPASTA_LAUNCHER"] = desktop.sandbox.write(
            "launcher.sh", "#!/bin/sh\ntee '\(menu)' | tail -n 1\n", mode: 0o755)
        #expect(try cli.run("pick", "sig").status == 0)
        #expect(
            String(decoding: desktop.sandbox.read(menu) ?? [], as: UTF8.self)
                == "2\tthe signal is strong\n1\tSigned-off-by: A <a@example.com>\n")
        #expect(try desktop.paste().output == "Signed-off-by: A <a@example.com>")
        #expect(try desktop.cli.run("pick", "--first", "signal").status == 0)
        #expect(try desktop.paste().output == "the signal is strong")
        #expect(try desktop.cli.run("pick", "--first", "gsig").status == 0)
        #expect(try desktop.paste().output == "Signed-off-by: A <a@example.com>")
        let none = try desktop.cli.run("pick", "--first", "zzz")
        #expect(none.status == 1)
        #expect(try desktop.paste().output == "Signed-off-by: A <a@example.com>")
    }
}
