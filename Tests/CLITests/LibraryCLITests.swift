import TestSupport
import Testing

/// Trash, collections, links and expiry through the real binary.
@Suite struct LibraryCLITests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    func sqlite(_ sql: String) -> ProcessResult? {
        try? Child(["sqlite3", sandbox.database, sql]).communicate()
    }

    @Test func deleteTrashesAndUndeleteBringsBack() throws {
        try cli.add("one")
        try cli.add("two", "--tag", "work")
        #expect(try cli.run("delete", "2").status == 0)
        #expect(try cli.run("list").output == "1\tone\n")
        #expect(try cli.run("trash").output == "2\ttwo\n")
        #expect(try cli.run("trash", "--json").output.contains(#""tags":["work"]"#))
        #expect(try cli.run("search", "in:trash", "two").output == "2\ttwo\n")
        #expect(try cli.run("search", "two").status == 1)
        #expect(try cli.run("undelete", "2").status == 0)
        #expect(try cli.run("list", "--tag", "work").output == "2\ttwo\n")
        let missing = try cli.run("undelete", "1")
        #expect(missing.status == 66 && missing.stderr.hasPrefix("copypasta: "))
    }

    @Test func purgeAndEmptyDeleteForGood() throws {
        try cli.add("one")
        try cli.add("two")
        #expect(try cli.run("delete", "--purge", "2").status == 0)
        #expect(try cli.run("trash").output.isEmpty && cli.run("list").output == "1\tone\n")
        #expect(try cli.run("delete", "1").status == 0)
        #expect(try cli.run("trash", "empty").status == 64)
        let emptied = try cli.run("trash", "empty", "--yes")
        #expect(emptied.status == 0 && emptied.stderr == "copypasta: deleted 1 entries for good\n")
        #expect(try cli.run("trash").output.isEmpty && cli.run("list").output.isEmpty)
    }

    @Test func clearMovesToTheTrashUnlessPurge() throws {
        try cli.add("one")
        try cli.add("two", "--pin")
        #expect(try cli.run("clear", "--yes").stderr == "copypasta: moved 1 entries to the trash\n")
        #expect(try cli.run("trash").output == "1\tone\n" && cli.run("list").output == "2\ttwo\n")
        #expect(try cli.run("clear", "--yes", "--all", "--purge").stderr == "copypasta: deleted 2 entries\n")
        #expect(try cli.run("trash").output.isEmpty && cli.run("list").output.isEmpty)
    }

    @Test func trashDaysZeroDeletesAtOnce() throws {
        sandbox.write("config/copypasta/copypasta.conf", "trash-days = 0\n")
        try cli.add("one")
        #expect(try cli.run("delete", "1").status == 0)
        #expect(try cli.run("trash").output.isEmpty && cli.run("list").output.isEmpty)
    }

    /// A write command purges what is due when no daemon runs.
    @Test func aWriteCommandPurgesTheExpiredTrash() throws {
        try cli.add("old trash")
        try cli.add("recent trash")
        #expect(try cli.run("delete", "1", "2").status == 0)
        // Eleven days ago, in microseconds since the epoch.
        #expect(sqlite("UPDATE entry SET trashed_at = trashed_at - 11 * 86400000000 WHERE id = 1")?.status == 0)
        #expect(try cli.run("trash").output == "2\trecent trash\n1\told trash\n")
        try cli.add("a write")
        #expect(try cli.run("trash").output == "2\trecent trash\n")
    }

    /// Every write command purges what is due: `local` and `secure` did not, unlike the others.
    @Test(arguments: [["local", "3"], ["secure", "--clear", "3"], ["pin", "3"]])
    func everyWriteCommandPurgesTheExpiredTrash(_ command: [String]) throws {
        try cli.add("old trash")
        try cli.add("recent trash")
        try cli.add("kept")
        #expect(try cli.run("delete", "1", "2").status == 0)
        #expect(sqlite("UPDATE entry SET trashed_at = trashed_at - 11 * 86400000000 WHERE id = 1")?.status == 0)
        #expect(try cli.run(command).status == 0)
        #expect(try cli.run("trash").output == "2\trecent trash\n")
    }

    @Test func maxAgeExpiresOldUntaggedEntries() throws {
        sandbox.write("config/copypasta/copypasta.conf", "max-age = 30d\n")
        try cli.add("old")
        try cli.add("old tagged", "--tag", "keep")
        #expect(sqlite("UPDATE entry SET captured_at = captured_at - 31 * 86400000000")?.status == 0)
        try cli.add("new")
        #expect(try cli.run("list").output == "3\tnew\n2\told tagged\n")
        #expect(try cli.run("config").output.contains("max-age = 30d\t#"))
    }

    @Test func collectionsAreTagsWithTheirOwnCommands() throws {
        try cli.add("soup", "--tag", "collection:Recipes")
        try cli.add("cake")
        try cli.add("plain", "--tag", "misc")
        #expect(try cli.run("tag", "2", "--collection", "recipes", "sweet").status == 0)
        #expect(try cli.run("collections").output == "Recipes\t2\n")
        #expect(try cli.run("tags").output == "misc\t1\nsweet\t1\n")
        #expect(try cli.run("list", "--collection", "RECIPES").output == "2\tcake\n1\tsoup\n")
        #expect(try cli.run("search", "collection:recipes", "cake").output == "2\tcake\n")
        #expect(try cli.run("untag", "1", "--collection", "Recipes").status == 0)
        #expect(try cli.run("collections").output == "Recipes\t1\n")
        #expect(try cli.run("tag", "1").status == 64)
    }

    @Test func linksAreAKindAndTheirDomainIsSearchable() throws {
        try cli.add("https://www.example.com/a")
        try cli.add("read example.com later")
        try cli.add("mailto:someone@example.org")
        // A URL added by hand is a link item whose archive is queued (archive-links = added).
        #expect(
            try cli.run("list", "--kind", "link").output
                == "3\tmailto:someone@example.org\n1\thttps://www.example.com/a [archive: pending]\n")
        #expect(try cli.run("list", "--kind", "text").output == "2\tread example.com later\n")
        #expect(try cli.run("search", "kind:link", "example.com").output == "1\thttps://www.example.com/a [archive: pending]\n")
        #expect(try cli.run("list", "--json", "--kind", "link", "--limit", "1").output.contains(#""kind":"link"}"#))
        #expect(try cli.run("search", "kind:video", "x").status == 64)
    }
}
