import CopypastaCore
import Testing

/// Bookmarks as items, the Chromium file and where browsers keep their profiles.
@Suite struct BookmarkRulesTests {
    /// A Bookmarks file as Chromium writes it (checksum, roots, nested folders, WebKit times).
    static let chromiumFile = """
        {
           "checksum": "9b3d6c0a3e4f2a1b5c6d7e8f90a1b2c3",
           "roots": {
              "bookmark_bar": {
                 "children": [ {
                    "date_added": "13312000000000000", "date_last_used": "0", "guid": "a1", "id": "5",
                    "meta_info": { "power_bookmark_meta": "" }, "name": "Swift", "type": "url",
                    "url": "https://swift.org/"
                 }, {
                    "children": [ {
                       "children": [ {
                          "date_added": "0", "guid": "a2", "id": "8", "name": "Leek & potato",
                          "type": "url", "url": "https://soup.example/leek"
                       } ],
                       "date_added": "13312000000000001", "guid": "f2", "id": "7", "name": "Soups", "type": "folder"
                    }, {
                       "date_added": "13312000000000002", "guid": "a3", "id": "9", "name": "Run", "type": "url",
                       "url": "javascript:alert(1)"
                    } ],
                    "date_added": "13312000000000003", "guid": "f1", "id": "6", "name": "Recipes", "type": "folder"
                 } ],
                 "date_added": "13312000000000000", "guid": "0bc5d13f", "id": "1", "name": "Bookmarks bar", "type": "folder"
              },
              "other": {
                 "children": [ {
                    "date_added": "13312000000000004", "guid": "a4", "id": "10", "name": "Other one",
                    "type": "url", "url": "https://other.example/"
                 } ],
                 "date_added": "13312000000000000", "guid": "82b081ec", "id": "2", "name": "Other bookmarks", "type": "folder"
              },
              "synced": {
                 "children": [ {
                    "date_added": "13312000000000005", "guid": "a5", "id": "11", "name": "Phone",
                    "type": "url", "url": "https://phone.example/"
                 } ],
                 "date_added": "13312000000000000", "guid": "4cf2e351", "id": "3", "name": "Mobile bookmarks", "type": "folder"
              }
           },
           "version": 1
        }
        """

    @Test func chromiumRootsAndFoldersBecomeCollections() throws {
        let marks = try ChromiumBookmarks.bookmarks(Array(Self.chromiumFile.utf8))
        #expect(marks.map(\.url).count == 5)
        let items = marks.compactMap { $0.item(browser: "chromium") }
        #expect(
            items.map(\.url) == [
                "https://swift.org/", "https://soup.example/leek", "https://other.example/", "https://phone.example/",
            ])
        #expect(items.map(\.collection) == ["Toolbar", "Toolbar/Recipes/Soups", nil, "Mobile"])
        #expect(items[1].tags == ["collection:Toolbar/Recipes/Soups", "chromium"] && items[2].tags == ["chromium"])
        #expect(items[1].title == "Leek & potato" && items[1].addedAt == nil)
        // 13312000000000000 µs after 1601 is 1667526400 s after 1970.
        #expect(items[0].addedAt == Timestamp(microseconds: 1_667_526_400_000_000))
    }

    @Test(arguments: ["", "{}", "[]", #"{"roots": 3}"#, "\u{0}", #"{"roots": {"other": {"children": [{"type": 5}]}}}"#])
    func aFileThatIsNoBookmarksFileIsADataError(text: String) {
        #expect(throws: CoreError.self) { try ChromiumBookmarks.bookmarks(Array(text.utf8)) }
    }

    @Test func longFolderPathsKeepTheirDeepestFolders() throws {
        let folders = ["Projects", "A rather long folder name", "Another long folder name", "Leaf"]
        let item = try #require(Bookmark(url: "https://x.org", title: " a\tb\n", folders: folders).item(browser: "firefox"))
        let collection = try #require(item.collection)
        #expect(collection == "…/Another long folder name/Leaf" && item.title == "a b")
        #expect(TagName.problem(CollectionTag.tag(collection)) == nil)
        let huge = Bookmark(url: "https://x.org", title: "", folders: [String(repeating: "x ", count: 80)]).item(browser: "b")
        #expect(huge.flatMap { $0.tags.first }.map { TagName.problem($0) == nil } == true && huge?.title == nil)
    }

    @Test func browserTagsBecomeOneWordTagsOnce() throws {
        let mark = Bookmark(url: "https://x.org", title: "t", folders: [], tags: ["web dev", "Firefox", "", "firefox"])
        #expect(mark.item(browser: "firefox")?.tags == ["firefox", "web-dev"])
        #expect(Bookmark(url: "javascript:void(0)", title: "t", folders: []).item(browser: "b") == nil)
        #expect(Bookmark(url: "place:sort=8", title: "t", folders: []).item(browser: "b") == nil)
    }

    @Test(
        arguments: [
            (1_700_000_000, 1_700_000_000_000_000), (1_700_000_000_123, 1_700_000_000_123_000),
            (1_700_000_000_123_456, 1_700_000_000_123_456), (1_700_000_000_123_456_789, 1_700_000_000_123_456),
        ] as [(Int64, Int64)])
    func epochTimesAreReadByMagnitude(count: Int64, microseconds: Int64) {
        #expect(Bookmark.epochTime(count) == Timestamp(microseconds: microseconds))
        #expect(Bookmark.epochTime(0) == nil && Bookmark.epochTime(-5) == nil)
    }

    @Test func firefoxProfilesPreferTheInstallDefault() {
        let ini = """
            [Profile1]
            Name=other
            IsRelative=1
            Path=abcd.other

            [Profile0]
            Name=default
            IsRelative=1
            Path=wxyz.default
            Default=1

            [Profile2]
            Name=elsewhere
            IsRelative=0
            Path=/srv/profiles/p2

            [Install4F96D1932A9F858E]
            Default=efgh.default-release
            Locked=1

            [General]
            StartWithLastProfile=1\r
            Version=2
            """
        let root = "/home/u/.mozilla/firefox"
        #expect(
            BrowserProfiles.firefoxProfiles(ini: ini, root: root) == [
                root + "/efgh.default-release", root + "/wxyz.default", root + "/abcd.other", "/srv/profiles/p2",
            ])
        #expect(BrowserProfiles.firefoxProfiles(ini: "junk\n[x\n=y", root: root).isEmpty)
        #expect(BrowserProfiles.chromiumBrowser(profile: "/home/u/.config/BraveSoftware/Brave-Browser/Default") == "brave")
        #expect(BrowserProfiles.chromiumBrowser(profile: "/home/u/.config/google-chrome/Profile 1") == "chrome")
        #expect(BrowserProfiles.chromiumBrowser(profile: "/backup/Default") == "chromium")
    }

    @Test func chromiumProfilesAreDefaultThenNumberedProfilesInOrder() {
        let names = ["Local State", "Profile 10", "Guest Profile", "Profile 2", "System Profile", "Default", "Profile x"]
        #expect(BrowserProfiles.chromiumProfiles(names: names) == ["Default", "Profile 2", "Profile 10"])
        #expect(BrowserProfiles.chromiumProfiles(names: ["Crashpad"]).isEmpty)
        #expect(BrowserProfiles.profileTag("Profile 2") == "profile:Profile-2")
        #expect(TagName.problem(BrowserProfiles.profileTag("Profile 2")) == nil)
    }
}
