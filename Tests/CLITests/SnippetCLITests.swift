import TestSupport
import Testing

/// Named entries on the command line: `name`, `add --name`, `@TITLE`, `list --snippets --sort`,
/// the title in JSON, export and import.
@Suite struct SnippetCLITests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    @Test func aNamedEntryIsAPinnedSnippetNamedByAtTitle() throws {
        try cli.add("Signed-off-by: A <a@example.com>")
        try cli.add("plain")
        #expect(try cli.run("name", "1", "git-signoff").status == 0)
        #expect(try cli.run("show", "@Git-Signoff").output == "Signed-off-by: A <a@example.com>")
        #expect(try cli.run("list", "--pinned").output.hasPrefix("1\t"))
        #expect(try cli.run("list", "--snippets").output.split(separator: "\n").count == 1)
        let unpin = try cli.run("unpin", "@git-signoff")
        #expect(unpin.status == 65 && unpin.stderr.contains("name --clear"))
        #expect(try cli.run("clear", "--yes").status == 0)
        #expect(try cli.run("show", "@git-signoff").status == 0)
        #expect(try cli.run("name", "--clear", "@git-signoff").status == 0)
        let gone = try cli.run("show", "@git-signoff")
        #expect(gone.status == 66 && gone.stderr.hasPrefix("copypasta: no entry is named '@git-signoff'"))
        #expect(try cli.run("unpin", "1").status == 0)
    }

    @Test func titlesAreUniqueWithoutRegardToCaseAndOneWord() throws {
        try cli.add("a", "--name", "sig")
        try cli.add("b")
        let clash = try cli.run("name", "2", "SIG")
        #expect(clash.status == 65 && clash.stderr.contains("entry 1's"))
        #expect(try cli.run("add", "--name", "Sig", "c").status == 65)
        #expect(try cli.run("list").output.split(separator: "\n").count == 2)
        for bad in ["two words", "é", "a/b", ""] {
            #expect(try cli.run("name", "2", bad).status == 65, "\(bad)")
        }
        #expect(try cli.run("name", "2", "a-b_c.1").status == 0)
        #expect(try cli.run("pin", "@nothing").status == 66)
        #expect(try cli.run("delete", "@sig", "@nothing").status == 66)
        #expect(try cli.run("list").output.split(separator: "\n").count == 2)
    }

    @Test func atTitleWorksForTagDeleteAndUndelete() throws {
        try cli.add("x", "--name", "sig")
        #expect(try cli.run("tag", "@sig", "mail").status == 0)
        #expect(try cli.run("list", "--tag", "mail").output.hasPrefix("1\t"))
        #expect(try cli.run("untag", "@sig", "mail").status == 0)
        #expect(try cli.run("delete", "@sig").status == 0)
        #expect(try cli.run("list").output.isEmpty)
        #expect(try cli.run("undelete", "@sig").status == 0)
        #expect(try cli.run("list", "--snippets").output.hasPrefix("1\t"))
    }

    @Test func snippetsSortByUseRecencyOrTitle() throws {
        try cli.add("zeta text", "--name", "zeta")
        try cli.add("alpha text", "--name", "Alpha")
        try cli.add("not a snippet")
        let byTitle = try cli.run("list", "--snippets", "--sort", "title").output
        #expect(byTitle == "2\t@Alpha: alpha text\n1\t@zeta: zeta text\n", "the title leads a snippet's line")
        let json = try cli.run("list", "--snippets", "--json", "--sort", "title").output
        #expect(json.contains(#""kind":"text","title":"Alpha"}"#))
        #expect(try cli.run("list", "--snippets", "--sort", "used").output == "2\t@Alpha: alpha text\n1\t@zeta: zeta text\n")
        #expect(try cli.run("list", "--snippets", "--sort", "recent").output == "2\t@Alpha: alpha text\n1\t@zeta: zeta text\n")
    }

    @Test func exportAndImportCarryTheTitle() throws {
        try cli.add("signature", "--name", "sig")
        try cli.add("other")
        let exported = try cli.run("export")
        #expect(exported.status == 0)
        let other = Sandbox()
        let target = CopypastaBinary(sandbox: other)
        let imported = try target.run(["import", "-"], input: Array(exported.output.utf8))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try target.run("show", "@sig").output == "signature")
        #expect(try target.run("list", "--snippets", "--pinned").output.split(separator: "\n").count == 1)
        let again = try target.run(["import", "-"], input: Array(#"{"text":"new","title":"SIG"}"#.utf8) + [10])
        #expect(again.status == 65 && again.stderr.contains("already entry"))
    }
}

/// `copypasta find`: the ranking over snippets and the history, in list's formats.
@Suite struct FindCLITests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    @Test func findRanksTitlesThenTextsAndExitsOneWhenNothingMatches() throws {
        for arguments in [
            ["add", "Signed-off-by: A", "--name", "git-signoff"], ["add", "Kind regards, A", "--name", "sig"],
            ["add", "design notes"], ["add", "resigned"], ["add", "Sigmund's café"],
        ] { #expect(try cli.run(arguments).status == 0) }
        // sig: the whole title (120); git-signoff and Sigmund start a word (80), the newer first.
        #expect(
            try cli.run("find", "sig").output
                == "2\t@sig: Kind regards, A\n5\tSigmund's café\n1\t@git-signoff: Signed-off-by: A\n")
        #expect(try cli.run("find", "/gsig").output == "1\t@git-signoff: Signed-off-by: A\n")
        #expect(try cli.run("find", "CAFE").output == "5\tSigmund's café\n")
        #expect(try cli.run("find", "--snippets", "regards").output == "2\t@sig: Kind regards, A\n")
        #expect(try cli.run("find", "--json", "@sig", "--limit", "1").output.contains(#""title":"sig"}"#))
        #expect(try cli.run("find", "nothing-like-it").status == 1)
        #expect(try cli.run("delete", "5").status == 0)
        #expect(try cli.run("find", "cafe").status == 1)
    }

    @Test func tiesAmongUnusedEntriesGoToTheNewest() throws {
        #expect(try cli.run("add", "alpha one").status == 0)
        #expect(try cli.run("add", "alpha two").status == 0)
        #expect(try cli.run("find", "alpha").output == "2\talpha two\n1\talpha one\n")
    }
}
