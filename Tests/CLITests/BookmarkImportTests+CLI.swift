import CSQLite
import Glibc
import TestSupport
import Testing

/// `import --from bookmarks|firefox|chromium` through the real binary.
extension BookmarkImportTests {
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    /// The link items as `id|kind|source|url|title|archive|captured seconds`, top of the history first.
    func links() -> [String] {
        let sql = """
            SELECT e.id, e.kind, e.source, l.url, l.title, l.archive, e.captured_at / 1000000
            FROM entry e JOIN entry_link l ON l.entry_id = e.id ORDER BY e.seq DESC
            """
        let output = (try? Child(["sqlite3", sandbox.database, sql]).communicate().output) ?? ""
        return output.split(separator: "\n").map(String.init)
    }

    func unlimited() {
        sandbox.write("config/copypasta/copypasta.conf", "max-entries = 0\n")
    }

    @Test func aFirefoxExportBecomesLinkItemsAndAChromiumExportMeetsThem() throws {
        unlimited()
        let file = sandbox.write("bookmarks.html", BookmarkFixtures.firefoxHTML)
        let first = try cli.run("import", "--from", "bookmarks", file)
        #expect(
            first.status == 0
                && first.stderr
                    == "copypasta: imported 6 bookmarks from bookmarks-file, skipped 0 duplicates and 1 that are not links\n",
            "\(first.stderr)")
        #expect(
            links() == [
                "1|link|bookmarks|https://other.example/|Other \u{2014} one|none|1700000300",
                "2|link|bookmarks|https://swift.org/|Swift|none|1700000200",
                "3|link|bookmarks|https://bread.example/|Bread|none|1700000120",
                "4|link|bookmarks|https://soup.example/miso|Miso <quick>|none|1700000110",
                "5|link|bookmarks|https://soup.example/leek|Leek & Potato|none|1700000100",
                "6|link|bookmarks|https://www.mozilla.org/en-US/firefox/central/|Getting Started|none|1700000000",
            ])
        let leek = try cli.run("list", "--json", "--collection", "recipes/soups").output
        #expect(leek.contains(#""tags":["bookmarks-file","collection:Recipes/Soups","dinner","winter-food"]"#), "\(leek)")
        let again = try cli.run("import", "--from", "bookmarks", file)
        #expect(again.stderr.contains("imported 0 bookmarks from bookmarks-file, skipped 6 duplicates"))
        // Chromium's export of the same Swift bookmark is a duplicate; its leek soup is in another folder.
        let chromium = try cli.run("import", "--from", "bookmarks", sandbox.write("c.html", BookmarkFixtures.chromiumHTML))
        #expect(chromium.stderr.contains("imported 2 bookmarks from bookmarks-file, skipped 1 duplicates and 1 that"))
        #expect(try cli.run("list", "--collection", "Toolbar/Recipes").output.hasPrefix("8\t"))
    }

    @Test func chromiumIsFoundInItsDefaultPlaceAndNamedByItsFolder() throws {
        unlimited()
        let marks: [(url: String, title: String, folder: String?)] = [
            ("https://a.example/", "A", "Work"), ("https://b.example/", "B", nil), ("javascript:void(0)", "Run", nil),
        ]
        sandbox.write("config/BraveSoftware/Brave-Browser/Default/Bookmarks", BookmarkFixtures.chromiumJSON(marks))
        let result = try cli.run("import", "--from", "chromium")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("imported 2 bookmarks from brave, skipped 0 duplicates and 1 that are not links"))
        #expect(
            try cli.run("list", "--tag", "brave", "--collection", "Toolbar/Work").output.hasSuffix("\tA — https://a.example/\n"))
        sandbox.write("elsewhere/Profile 2/Bookmarks", BookmarkFixtures.chromiumJSON([("https://c.example/", "C", nil)]))
        let named = try cli.run("import", "--from", "chromium", sandbox.root + "/elsewhere/Profile 2")
        #expect(named.stderr.contains("imported 1 bookmarks from chromium"))
    }

    /// Without a directory, every profile of every Chromium-family browser is read; with more
    /// than one, each item is tagged with its profile's folder. A bookmark in two profiles is
    /// one item, tagged with the first.
    @Test func chromiumWithoutAPathImportsEveryProfileTaggedWithItsName() throws {
        unlimited()
        sandbox.write("config/google-chrome/Default/Bookmarks", BookmarkFixtures.chromiumJSON([("https://a.example/", "A", nil)]))
        sandbox.write(
            "config/google-chrome/Profile 2/Bookmarks",
            BookmarkFixtures.chromiumJSON([("https://b.example/", "B", "Work"), ("https://a.example/", "A", nil)]))
        sandbox.write(
            "config/google-chrome/Guest Profile/Bookmarks", BookmarkFixtures.chromiumJSON([("https://g.example/", "G", nil)]))
        sandbox.write(
            "config/BraveSoftware/Brave-Browser/Default/Bookmarks",
            BookmarkFixtures.chromiumJSON([("https://c.example/", "C", nil)]))
        let result = try cli.run("import", "--from", "chromium")
        #expect(
            result.stderr
                == "copypasta: imported 3 bookmarks from chrome, brave, skipped 1 duplicates and 0 that are not links\n",
            "\(result.stderr)")
        #expect(try cli.run("list", "--tag", "profile:Profile-2").output.hasSuffix("\tB — https://b.example/\n"))
        #expect(try cli.run("list", "--tag", "profile:Default").output.split(separator: "\n").count == 2)
        let brave = try cli.run("list", "--json", "--tag", "brave").output
        #expect(brave.contains(#""profile:Default""#) && brave.contains(#""brave""#), "\(brave)")
        #expect(!(try cli.run("list").output.contains("g.example")))
    }

    /// A description in an HTML export is the item's text; the title and the URL's words stay
    /// searchable (the title above the description's other hits), and the URL is still the link.
    @Test func aDescriptionIsTheItemsTextAndTitlesAndDomainsAreFound() throws {
        unlimited()
        #expect(try cli.run("import", "--from", "bookmarks", sandbox.write("b.html", BookmarkFixtures.firefoxHTML)).status == 0)
        #expect(links()[4] == "5|link|bookmarks|https://soup.example/leek|Leek & Potato|none|1700000100")
        #expect(try cli.run("search", "cream").output.hasPrefix("5\t"))
        #expect(try cli.run("search", "potato").output.hasPrefix("5\t"))
        #expect(
            try cli.run("search", "--limit", "5", "soup.example").output.split(separator: "\n").map { $0.prefix(2) } == [
                "4\t", "5\t",
            ])
        #expect(try cli.run("search", "getting started").output.hasPrefix("6\t"))
        let shown = try cli.run("show", "5").output
        #expect(shown.contains("https://soup.example/leek") && shown.contains("\n\nThick, with cream"), "\(shown)")
    }

    @Test func firefoxIsReadWhileItRunsFromTheProfileItStartsWith() throws {
        unlimited()
        let root = sandbox.root + "/.mozilla/firefox"
        sandbox.write(
            ".mozilla/firefox/profiles.ini",
            "[Profile0]\nName=old\nIsRelative=1\nPath=old.default\nDefault=1\n\n[Install4F96D1932A9F858E]\n"
                + "Default=new.default-release\nLocked=1\n")
        mkdir(root + "/new.default-release", 0o700)
        let firefox = BookmarkFixtures.runningFirefox(root + "/new.default-release")
        defer { sqlite3_close(firefox) }
        let result = try cli.run("import", "--from", "firefox", "--archive")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "copypasta: imported 3 bookmarks from firefox, skipped 0 duplicates and 0 that are not links; "
                + "their archives are queued\n")
        #expect(
            links() == [
                "1|link|bookmarks|https://phone.example/|Phone|pending|1700000400",
                "2|link|bookmarks|https://swift.org/|Swift|pending|1700000200",
                "3|link|bookmarks|https://soup.example/leek|Leek & Potato|pending|1700000100",
            ])
        #expect(try cli.run("list", "--tag", "winter-food").output.hasPrefix("3\t"))
    }

    @Test func fiveThousandBookmarksImportInSecondsAndOnce() throws {
        unlimited()
        let file = sandbox.write("many.html", BookmarkFixtures.largeNetscape(5000))
        let started = Clock.now()
        let result = try cli.run("import", "--from", "bookmarks", file)
        let seconds = Clock.now() - started
        #expect(result.status == 0 && result.stderr.contains("imported 5000 bookmarks"), "\(result.stderr)")
        #expect(seconds < 20, "5,000 bookmarks took \(seconds) s")
        #expect(links().count == 5000)
        #expect(
            try cli.run("import", "--from", "bookmarks", file).stderr.contains(
                "imported 0 bookmarks from bookmarks-file, skipped 5000"))
    }

    @Test func aBadSourceImportsNothing() throws {
        unlimited()
        let good = BookmarkFixtures.chromiumJSON([("https://a.example/", "A", nil)])
        let truncated = sandbox.write("cut/Bookmarks", String(good.prefix(good.count / 2)))
        #expect(try cli.run("import", "--from", "chromium", truncated).status == 65)
        #expect(try cli.run("import", "--from", "bookmarks", sandbox.write("no.html", "<p>no list</p>")).status == 65)
        sandbox.write("broken/places.sqlite", "SQLite format 3\u{0}" + String(repeating: "garbage", count: 200))
        #expect(try cli.run("import", "--from", "firefox", sandbox.root + "/broken").status == 65)
        let missing = try cli.run("import", "--from", "bookmarks", sandbox.root + "/none.html")
        #expect(missing.status == 66 && missing.stderr.hasPrefix("copypasta: "))
        #expect(try cli.run("import", "--from", "firefox").status == 66)
        #expect(try cli.run("import", "--from", "bookmarks").status == 64)
        #expect(try cli.run("import", "--archive", sandbox.write("x.jsonl", "")).status == 64)
        sandbox.write("config/copypasta/copypasta.conf", "max-entries = 0\narchive-links = off\n")
        #expect(
            try cli.run("import", "--from", "bookmarks", "--archive", sandbox.write("b.html", BookmarkFixtures.firefoxHTML))
                .status == 64)
        #expect(links().isEmpty)
    }

    /// Bookmarks are the user's library: max-entries neither refuses them nor trims them when
    /// the clipboard history fills up afterwards.
    @Test func maxEntriesKeepsTheHistoryAndLeavesBookmarksAlone() throws {
        sandbox.write("config/copypasta/copypasta.conf", "max-entries = 5\n")
        let file = sandbox.write("b.html", BookmarkFixtures.firefoxHTML)
        #expect(try cli.run("import", "--from", "bookmarks", file).status == 0)
        let imported = links().count
        #expect(imported > 0)
        for index in 0..<8 { #expect(try cli.run("add", "copied text \(index)").status == 0) }
        #expect(links().count == imported)
        let sql = "SELECT count(*) FROM entry WHERE kind = 'text' AND trashed_at IS NULL"
        let texts = (try? Child(["sqlite3", sandbox.database, sql]).communicate().output) ?? ""
        #expect(texts.split(separator: "\n").first == "5", "\(texts)")
    }
}
