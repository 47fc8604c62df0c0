import CSQLite
import CopypastaBookmarks
import CopypastaCore
import CopypastaStore
import Glibc
import TestSupport
import Testing

/// Bookmark import: the three formats as the browsers write them, and the import into the library.
@Suite struct BookmarkImportTests {
    let sandbox = Sandbox()

    @Test func firefoxExportKeepsFoldersTagsDatesAndEntities() throws {
        let marks = try NetscapeBookmarks.bookmarks(Array(BookmarkFixtures.firefoxHTML.utf8))
        let items = marks.compactMap { $0.item(browser: "bookmarks-file") }
        #expect(
            items.map(\.url) == [
                "https://www.mozilla.org/en-US/firefox/central/", "https://soup.example/leek", "https://soup.example/miso",
                "https://bread.example/", "https://swift.org/", "https://other.example/",
            ])
        #expect(items.map(\.collection) == [nil, "Recipes/Soups", "Recipes/Soups", "Recipes", "Toolbar", nil])
        #expect(
            items.map(\.title) == ["Getting Started", "Leek & Potato", "Miso <quick>", "Bread", "Swift", "Other \u{2014} one"])
        #expect(items[1].tags == ["collection:Recipes/Soups", "bookmarks-file", "dinner", "winter-food"])
        #expect(items[1].addedAt == Timestamp(microseconds: 1_700_000_100_000_000))
        #expect(marks.count == 7)
    }

    /// A `<DD>` is the description of the item before it: a bookmark's becomes its note (the
    /// item's text); a folder's is dropped, and the list the HTML5 rules nest inside it is still
    /// that folder's.
    @Test func descriptionsBelongToTheirBookmarkAndLeaveFoldersWhole() throws {
        let marks = try NetscapeBookmarks.bookmarks(Array(BookmarkFixtures.firefoxHTML.utf8))
        #expect(marks.compactMap { $0.item(browser: "b")?.note } == ["Thick, with cream"])
        #expect(marks[1].item(browser: "b")?.note == "Thick, with cream")
        let described = """
            <DL><p>
                <DT><H3>Recipes</H3>
                <DD>Food &amp; more
                <DL><p>
                    <DT><A HREF="https://a.example/">A</A>
                    <DD>first <b>line</b>
                    <DT><A HREF="https://b.example/">B</A>
                </DL><p>
                <DT><A HREF="https://c.example/">C</A>
            </DL>
            """
        let nested = try NetscapeBookmarks.bookmarks(Array(described.utf8))
        #expect(nested.map(\.url) == ["https://a.example/", "https://b.example/", "https://c.example/"])
        #expect(nested.map(\.folders) == [["Recipes"], ["Recipes"], []])
        #expect(nested.compactMap { $0.item(browser: "b")?.note } == ["first line"])
    }

    @Test func chromiumExportMapsTheBookmarksBar() throws {
        let marks = try NetscapeBookmarks.bookmarks(Array(BookmarkFixtures.chromiumHTML.utf8))
        let items = marks.compactMap { $0.item(browser: "bookmarks-file") }
        #expect(items.map(\.url) == ["https://swift.org/", "https://soup.example/leek", "https://other.example/"])
        #expect(items.map(\.collection) == ["Toolbar", "Toolbar/Recipes", nil])
        #expect(marks.count == 4)
    }

    @Test(arguments: ["", "just text", "<html><body><p>hello</p></body></html>", "\u{0}\u{1}<dt><a href=x>"])
    func aFileWithoutAListIsNoBookmarkFile(text: String) {
        #expect(throws: CoreError.self) { try NetscapeBookmarks.bookmarks(Array(text.utf8)) }
    }

    @Test func deeplyNestedListsAreReadWithoutRecursion() throws {
        let depth = 2000
        let html = String(repeating: "<DL><DT><H3>f</H3>", count: depth) + "<DL><DT><A HREF=\"https://x.org\">x</A>"
        let marks = try NetscapeBookmarks.bookmarks(Array(html.utf8))
        #expect(marks.count == 1 && marks.first?.folders.count == depth)
    }

    @Test func firefoxPlacesAreReadFromACopyWithTheLog() throws {
        let profile = sandbox.root + "/profile"
        mkdir(profile, 0o700)
        let firefox = BookmarkFixtures.runningFirefox(profile)
        defer { sqlite3_close(firefox) }
        var log = stat()
        #expect(stat(profile + "/places.sqlite-wal", &log) == 0 && log.st_size > 0)
        let marks = try FirefoxPlaces.bookmarks(profile: profile)
        let items = marks.compactMap { $0.item(browser: "firefox") }
        #expect(items.map(\.url) == ["https://soup.example/leek", "https://swift.org/", "https://phone.example/"])
        #expect(items.map(\.collection) == ["Recipes/Soups", "Toolbar", "Mobile"])
        #expect(items[0].tags == ["collection:Recipes/Soups", "firefox", "dinner", "winter-food"])
        #expect(items[2].addedAt == Timestamp(microseconds: 1_700_000_400_000_000))
        // Nothing is left in the temporary directory, and the profile has no new file.
        #expect(try Child(["ls", profile]).communicate().output == "places.sqlite\nplaces.sqlite-wal\n")
    }

    @Test func aDamagedPlacesFileIsADataError() throws {
        let profile = sandbox.root + "/broken"
        sandbox.write("broken/places.sqlite", "SQLite format 3\u{0}" + String(repeating: "garbage", count: 200))
        #expect(throws: StoreError.self) { try FirefoxPlaces.bookmarks(profile: profile) }
        #expect(throws: StoreError.noDatabase(path: sandbox.root + "/none/places.sqlite")) {
            try FirefoxPlaces.bookmarks(profile: sandbox.root + "/none")
        }
    }
}
