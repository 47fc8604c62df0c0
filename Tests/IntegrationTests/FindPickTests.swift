import TestSupport
import Testing

/// `pick QUERY` offers the snippets find ranks, then the search hits newest first; `pick --first QUERY` restores the best match without a launcher.
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
        // Snippets matched as find matches them come first, then the entries holding the query's
        // words as search reads them: whole words, so "sig" is not "signal" (that is "sig*").
        #expect(try cli.run("pick", "sig").status == 0)
        #expect(
            String(decoding: desktop.sandbox.read(menu) ?? [], as: UTF8.self)
                == "1\t@git-signoff: Signed-off-by: A <a@example.com>\n")
        #expect(try cli.run("pick", "sig*").status == 0)
        #expect(
            String(decoding: desktop.sandbox.read(menu) ?? [], as: UTF8.self)
                == "1\t@git-signoff: Signed-off-by: A <a@example.com>\n2\tthe signal is strong\n")
        #expect(try desktop.paste().output == "the signal is strong")
        #expect(try desktop.cli.run("pick", "--first", "signal").status == 0)
        #expect(try desktop.paste().output == "the signal is strong")
        #expect(try desktop.cli.run("pick", "--first", "gsig").status == 0)
        #expect(try desktop.paste().output == "Signed-off-by: A <a@example.com>")
        let none = try desktop.cli.run("pick", "--first", "zzz")
        #expect(none.status == 1)
        #expect(try desktop.paste().output == "Signed-off-by: A <a@example.com>")
    }

    /// The real dmenu, typed into with xdotool: a snippet is found by its title, which its text
    /// does not contain, and a secure entry by its title or tags.
    @Test func dmenuFindsASnippetOrASecureEntryByItsName() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.startDaemon()
        try desktop.cli.run("add", "221B Baker Street, London NW1 6XE", "--name", "addr")
        try desktop.cli.run("add", "Best regards, Ada", "--name", "sig")
        let pass = Array("correct horse\n".utf8)
        #expect(
            try desktop.cli.run(["add", "--secure", "--passphrase-fd", "0", "hunter2", "--tag", "bank"], input: pass).status == 0)
        #expect(
            try desktop.cli.run(["add", "--secure", "--passphrase-fd", "0", "opensesame", "--tag", "mail"], input: pass).status
                == 0)
        let listing = try desktop.cli.run("list").output
        #expect(listing.contains("3\t[secure] #bank\n") && listing.contains("4\t[secure] #mail\n"), "\(listing)")
        for (typed, expected) in [("addr", "221B Baker Street, London NW1 6XE"), ("sig", "Best regards, Ada")] {
            let pick = try desktop.cli.start(["pick", "--snippets", "--launcher", "dmenu -l 10"])
            let search = ["xdotool", "search", "--sync", "--onlyvisible", "--class", "dmenu"]
            #expect(try Child(search, environment: desktop.environment).communicate(timeout: 30).status == 0)
            #expect(try desktop.tool(["xdotool", "type", "--delay", "20", typed]) == 0)
            #expect(try desktop.tool(["xdotool", "key", "Return"]) == 0)
            let result = pick.communicate(timeout: 30)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try desktop.paste().output == expected)
        }
    }
}
