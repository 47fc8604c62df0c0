import CSQLite
import Glibc
import TestSupport

/// Bookmark files in the browsers' own formats, for the import tests.
enum BookmarkFixtures {
    /// A bookmark file as Firefox exports it (Bookmarks › Manage › Export Bookmarks to HTML); also
    /// a seed of the `bookmarks` fuzz target (Makefile, FUZZ_SEEDS).
    static let firefoxHTML = Repository.text("Tests/Fixtures/bookmarks/firefox.html")

    /// A bookmark file as Chromium exports it (Bookmark manager › Export bookmarks); also a seed of
    /// the `bookmarks` fuzz target.
    static let chromiumHTML = Repository.text("Tests/Fixtures/bookmarks/chromium.html")

    /// Firefox's tables as nsPlacesTables.h creates them (those the import reads, and their neighbours).
    static let placesSchema = """
        CREATE TABLE moz_origins ( id INTEGER PRIMARY KEY, prefix TEXT NOT NULL, host TEXT NOT NULL, \
        frecency INTEGER NOT NULL, UNIQUE (prefix, host) );
        CREATE TABLE moz_places (   id INTEGER PRIMARY KEY, url LONGVARCHAR, title LONGVARCHAR, rev_host LONGVARCHAR, \
        visit_count INTEGER DEFAULT 0, hidden INTEGER DEFAULT 0 NOT NULL, typed INTEGER DEFAULT 0 NOT NULL, \
        frecency INTEGER DEFAULT -1 NOT NULL, last_visit_date INTEGER , guid TEXT, \
        foreign_count INTEGER DEFAULT 0 NOT NULL, url_hash INTEGER DEFAULT 0 NOT NULL , description TEXT, \
        preview_image_url TEXT, origin_id INTEGER REFERENCES moz_origins(id));
        CREATE TABLE moz_bookmarks (  id INTEGER PRIMARY KEY, type INTEGER, fk INTEGER DEFAULT NULL, parent INTEGER, \
        position INTEGER, title LONGVARCHAR, keyword_id INTEGER, folder_type TEXT, dateAdded INTEGER, \
        lastModified INTEGER, guid TEXT, syncStatus INTEGER NOT NULL DEFAULT 0, \
        syncChangeCounter INTEGER NOT NULL DEFAULT 1);
        CREATE TABLE moz_keywords (  id INTEGER PRIMARY KEY AUTOINCREMENT, keyword TEXT UNIQUE, place_id INTEGER, \
        post_data TEXT);
        CREATE TABLE moz_bookmarks_deleted (  guid TEXT PRIMARY KEY, dateRemoved INTEGER NOT NULL DEFAULT 0);
        INSERT INTO moz_bookmarks (id, type, parent, position, title, guid) VALUES
          (1, 2, 0, 0, '', 'root________'), (2, 2, 1, 0, 'menu', 'menu________'),
          (3, 2, 1, 1, 'toolbar', 'toolbar_____'), (4, 2, 1, 2, 'tags', 'tags________'),
          (5, 2, 1, 3, 'unfiled', 'unfiled_____'), (6, 2, 1, 4, 'mobile', 'mobile______');
        """

    /// A Firefox profile in `directory` whose places.sqlite is held open the way a running
    /// Firefox holds it (exclusive lock, write-ahead log), with the last bookmarks only in the
    /// log; the connection is returned open, to be closed by the caller.
    static func runningFirefox(_ directory: String) -> OpaquePointer? {
        var db: OpaquePointer?
        precondition(sqlite3_open(directory + "/places.sqlite", &db) == SQLITE_OK)
        let before = """
            PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
            \(placesSchema)
            INSERT INTO moz_places (id, url, title, guid) VALUES
              (10, 'https://swift.org/', 'Swift.org', 'p10'), (11, 'https://soup.example/leek', 'Leek', 'p11'),
              (12, 'place:sort=8&maxResults=10', 'Recent', 'p12');
            INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded, guid) VALUES
              (20, 1, 10, 3, 0, 'Swift', 1700000200000000, 'b20'),
              (21, 2, NULL, 2, 0, 'Recipes', 1700000000000000, 'f21'),
              (22, 2, NULL, 21, 0, 'Soups', 1700000000000000, 'f22'),
              (23, 1, 11, 22, 0, 'Leek & Potato', 1700000100000000, 'b23'),
              (24, 1, 12, 2, 1, 'Recent Tags', 1700000000000000, 'b24'),
              (25, 2, NULL, 4, 0, 'dinner', 1700000000000000, 't25'),
              (26, 1, 11, 25, 0, NULL, 1700000000000000, 't26'),
              (27, 2, NULL, 4, 1, 'winter food', 1700000000000000, 't27'),
              (28, 1, 11, 27, 0, NULL, 1700000000000000, 't28');
            PRAGMA wal_checkpoint(TRUNCATE);
            """
        let after = """
            INSERT INTO moz_places (id, url, title, guid) VALUES (13, 'https://phone.example/', 'Phone', 'p13');
            INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded, guid) VALUES
              (29, 1, 13, 6, 0, 'Phone', 1700000400000000, 'b29');
            """
        precondition(sqlite3_exec(db, before, nil, nil, nil) == SQLITE_OK, String(cString: sqlite3_errmsg(db)))
        precondition(sqlite3_exec(db, after, nil, nil, nil) == SQLITE_OK, String(cString: sqlite3_errmsg(db)))
        return db
    }
}

extension BookmarkFixtures {
    /// A Chromium Bookmarks file with `marks` (URL, title, folder under the bookmarks bar or
    /// nil for other bookmarks), dates one minute apart.
    static func chromiumJSON(_ marks: [(url: String, title: String, folder: String?)]) -> String {
        func node(_ index: Int, _ mark: (url: String, title: String, folder: String?)) -> String {
            let added = 13_312_000_000_000_000 + Int64(index) * 60_000_000
            return #"{"date_added": "\#(added)", "date_last_used": "0", "guid": "g\#(index)", "id": "\#(index + 10)", "#
                + #""name": "\#(mark.title)", "type": "url", "url": "\#(mark.url)"}"#
        }
        let bar = marks.enumerated().filter { $0.element.folder != nil }
        let folders = Array(Set(bar.compactMap(\.element.folder))).sorted()
        let barChildren = folders.enumerated().map { number, folder in
            let children = bar.filter { $0.element.folder == folder }.map { node($0.offset, $0.element) }
            return #"{"children": [\#(children.joined(separator: ", "))], "date_added": "0", "id": "f\#(number)", "#
                + #""name": "\#(folder)", "type": "folder"}"#
        }
        let other = marks.enumerated().filter { $0.element.folder == nil }.map { node($0.offset, $0.element) }
        return #"{"checksum": "00", "roots": {"bookmark_bar": {"children": [\#(barChildren.joined(separator: ", "))], "#
            + #""id": "1", "name": "Bookmarks bar", "type": "folder"}, "other": {"children": [\#(other.joined(separator: ", "))], "#
            + #""id": "2", "name": "Other bookmarks", "type": "folder"}, "synced": {"children": [], "id": "3", "#
            + #""name": "Mobile bookmarks", "type": "folder"}}, "version": 1}"#
    }

    /// A Netscape bookmark file of `count` bookmarks spread over ten folders, as Firefox writes it.
    static func largeNetscape(_ count: Int) -> String {
        var lines = [
            "<!DOCTYPE NETSCAPE-Bookmark-file-1>", #"<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">"#,
            "<TITLE>Bookmarks</TITLE>", "<H1>Bookmarks Menu</H1>", "<DL><p>",
        ]
        for folder in 0..<10 {
            lines.append(#"    <DT><H3 ADD_DATE="1600000000" LAST_MODIFIED="1600000000">Folder \#(folder)</H3>"#)
            lines.append("    <DL><p>")
            for index in stride(from: folder, to: count, by: 10) {
                lines.append(
                    #"        <DT><A HREF="https://site\#(index % 97).example/page/\#(index)" ADD_DATE="\#(1_600_000_000 + index)">"#
                        + "Page &amp; \(index)</A>")
            }
            lines.append("    </DL><p>")
        }
        return (lines + ["</DL>", ""]).joined(separator: "\n")
    }
}
