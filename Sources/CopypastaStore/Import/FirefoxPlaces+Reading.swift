import CSQLite
import CopypastaCore

extension FirefoxPlaces {
    /// One row of `moz_bookmarks`, with its place's URL.
    private struct Row {
        var id: Int64
        var type: Int64
        var place: Int64?
        var parent: Int64
        var title: String
        var added: Int64
        var guid: String
        var url: String?
    }

    /// The roots that hold bookmarks, by guid.
    private static let roots: [String: BookmarkRoot] = [
        "menu________": .menu, "toolbar_____": .toolbar, "unfiled_____": .other, "mobile______": .mobile,
    ]
    private static let tagsRoot = "tags________"
    private static let query = """
        SELECT b.id, b.type, b.fk, b.parent, b.title, b.dateAdded, b.guid, p.url
        FROM moz_bookmarks b LEFT JOIN moz_places p ON p.id = b.fk ORDER BY b.dateAdded, b.id
        """

    /// The bookmarks of the copy at `path` (`source` names the original in messages).
    static func readCopy(_ path: String, source: String) throws(StoreError) -> [Bookmark] {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
            let connection
        else { throw .notADatabase(path: source) }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, query, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw .notADatabase(path: source)
        }
        var rows: [Row] = []
        var status = sqlite3_step(statement)
        while status == SQLITE_ROW {
            rows.append(row(statement))
            status = sqlite3_step(statement)
        }
        guard status == SQLITE_DONE else { throw .notADatabase(path: source) }
        return bookmarks(rows)
    }

    private static func row(_ statement: OpaquePointer) -> Row {
        func text(_ column: Int32) -> String? {
            sqlite3_column_text(statement, column).map { String(cString: $0) }
        }
        let place = sqlite3_column_type(statement, 2) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, 2)
        return Row(
            id: sqlite3_column_int64(statement, 0), type: sqlite3_column_int64(statement, 1), place: place,
            parent: sqlite3_column_int64(statement, 3), title: text(4) ?? "", added: sqlite3_column_int64(statement, 5),
            guid: text(6) ?? "", url: text(7))
    }

    /// The bookmarks among `rows`, each with its folder path and the tags of its place.
    private static func bookmarks(_ rows: [Row]) -> [Bookmark] {
        let byID = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var tags: [Int64: [String]] = [:]
        var out: [(Row, [String])] = []
        for row in rows where row.type == 1 {
            guard let url = row.url, !url.hasPrefix("place:") else { continue }
            var folders: [String] = []
            var root: BookmarkRoot = .other
            var isTag = false
            var parent = byID[row.parent]
            var depth = 0
            // A folder chain is a tree in a sound database; the depth bound keeps a damaged one
            // whose parents loop from looping here.
            while let folder = parent, depth < 256 {
                if folder.guid == tagsRoot {
                    isTag = true
                    break
                }
                if let known = roots[folder.guid] {
                    root = known
                    break
                }
                if folder.guid == "root________" { break }
                folders.insert(folder.title, at: 0)
                parent = byID[folder.parent]
                depth += 1
            }
            if isTag {
                if let place = row.place, let tag = byID[row.parent]?.title { tags[place, default: []].append(tag) }
            } else {
                out.append((row, (root.folder.map { [$0] } ?? []) + folders))
            }
        }
        return out.map { row, folders in
            Bookmark(
                url: row.url ?? "", title: row.title, folders: folders, tags: row.place.flatMap { tags[$0] } ?? [],
                addedAt: row.added > 0 ? Timestamp(microseconds: row.added) : nil)
        }
    }
}
