import CSQLite
import CopypastaCore

/// The newest-first walk that finds a page of a common word's hits without reading them all
/// (docs/DESIGN.md §7, "Pages of a search").
extension HistoryStore {
    /// A tag held by at most this many entries drives the walk from its own index
    /// (`drivingEntries`) rather than the whole history's: `tag:work the` then reads the tagged
    /// entries instead of a hundred history entries for each one it shows.
    static let fewTagged = 20_000

    /// Where a walk stopped: how many entries it showed and skipped (the offset), the position
    /// below which it has not looked, and whether it ended (the page full, or nothing left).
    struct WalkProgress {
        var shown = 0
        var skipped = 0
        var below: Int64?
        var ended = false
    }

    /// Walks the place newest first in chunks (2,048 entries, or 256 of a driver's or without
    /// terms, doubling up to 65,536), asks the
    /// full-text index for the hits among each chunk's ids, and reads the hits that pass the
    /// filters with one statement per chunk, until the page is full. With a tag few entries hold,
    /// the chunks are of the tagged entries only. Without full-text terms (`match` nil) every
    /// entry of a chunk is a candidate and the filters alone decide. With a `budget`, a walk of
    /// the history stops once it has looked at that many entries (a driver's walk goes on: its
    /// entries are few) and says where (`WalkProgress`).
    @discardableResult
    func walk(
        _ selection: EntrySelection, _ match: String?, below: Int64?, limit: Int?, offset: Int, withText: Bool,
        budget: Int? = nil, _ body: (Entry, Int64) -> Void
    ) throws(StoreError) -> WalkProgress {
        let tagged = try drivingEntries(selection, below: below)
        var position = 0
        var cursor = below ?? Int64.max
        // A driver's entries, or filters alone, pass far more often than a word's hits: a page
        // needs few of them, so the first chunk is small.
        var size = tagged != nil || match == nil ? 256 : 2048
        var skipped = 0
        var shown = 0
        var walked = 0
        let rowSQL = selection.walkedRows(withText: withText)
        while true {
            let chunk: [(id: Int64, seq: Int64)]
            if let tagged {
                chunk = Array(tagged[position..<min(position + size, tagged.count)])
                position += chunk.count
            } else {
                chunk = try keptEntries(selection.chunk, [cursor, size], key: [String(cursor), String(size)])
            }
            var found: Set<Int64>?
            if let match { found = try hits(match, among: chunk.map(\.id)) }
            let list =
                "[" + chunk.lazy.filter { found?.contains($0.id) ?? true }.map { String($0.id) }.joined(separator: ",") + "]"
            let wanted = limit.map { $0 - shown + offset - skipped } ?? -1
            try read(rowSQL, [list] + selection.values + [wanted], withText: withText) { entry, seq in
                if skipped < offset {
                    skipped += 1
                } else if limit.map({ shown < $0 }) ?? true {
                    shown += 1
                    body(entry, seq)
                }
            }
            if let limit, shown >= limit { return WalkProgress(shown: shown, skipped: skipped, ended: true) }
            guard chunk.count == size, let last = chunk.last else {
                return WalkProgress(shown: shown, skipped: skipped, ended: true)
            }
            cursor = last.seq
            walked += chunk.count
            if tagged == nil, let budget, walked >= budget {
                return WalkProgress(shown: shown, skipped: skipped, below: cursor)
            }
            size = min(size * 2, 65536)
        }
    }

    /// The entries (ids and positions) that the statement `sql` reads with `values`, from
    /// `recentChunks` when a walk read them since the database last changed (`key` names the
    /// values). A picker walks the same newest entries at every keystroke of a phrase or of
    /// several words (`firstWalk`), and the same tag's entries at every keystroke after
    /// `tag:work`: reading their positions again was most of what such a keystroke cost.
    private func keptEntries(_ sql: String, _ values: [(any SQLValue)?], key: [String]) throws(StoreError) -> [(
        id: Int64, seq: Int64
    )] {
        let stamp = RecentChunks.Stamp(
            connection: ObjectIdentifier(database), version: try database.scalarInt("PRAGMA data_version") ?? 0,
            changes: sqlite3_total_changes64(database.handle))
        if recentChunks.stamp != stamp { recentChunks = RecentChunks(stamp: stamp) }
        let kept = RecentChunks.Key(sql: sql, values: key)
        if let entries = recentChunks.chunks[kept] { return entries }
        let entries = try database.with(sql, values) { row throws(StoreError) in
            var ids: [(id: Int64, seq: Int64)] = []
            while try row.step() { ids.append((row.int(0), row.int(1))) }
            return ids
        }
        if recentChunks.held + entries.count <= RecentChunks.most {
            recentChunks.chunks[kept] = entries
            recentChunks.held += entries.count
        }
        return entries
    }

    /// The entries of the place that the selection's most selective driver holds (its least
    /// held tag, the links with the archive status asked for, the entries of the applications an
    /// `app:` names, the entries added by hand, imported or from bookmarks), below `below`, newest
    /// first, when that driver has at most `fewTagged` entries (counted on its own index alone);
    /// nil otherwise, or without such a filter. The (id, seq, trashed_at) index has all it needs,
    /// so no entry's row is read.
    private func drivingEntries(_ selection: EntrySelection, below: Int64?) throws(StoreError) -> [(id: Int64, seq: Int64)]? {
        var fewest: (driver: Driver, count: Int64)?
        for driver in Driver.all(selection) {
            let sql = "SELECT count(*) FROM (SELECT 1 FROM \(driver.rows) WHERE \(driver.condition) LIMIT ?)"
            let count = try database.with(sql, driver.values + [Self.fewTagged + 1]) { row throws(StoreError) in
                try row.step() ? row.int(0) : 0
            }
            if count < fewest?.count ?? Int64.max { fewest = (driver, count) }
        }
        guard let driver = fewest?.driver, let count = fewest?.count, count <= Self.fewTagged else { return nil }
        // A tag's entries come in order from their own index (`Schema.tagOrder`), the place left
        // to the walk's rows; the others' from the entries' (id, seq, trashed_at) index, sorted.
        let sql =
            driver.ordered
                ?? """
                SELECT e.id, e.seq FROM \(driver.rows) CROSS JOIN entry e INDEXED BY entry_seq_trashed_by_id ON e.id = \(driver.id)
                WHERE \(driver.condition) AND \(selection.place) AND e.seq < ? ORDER BY e.seq DESC
                """
        let position = below ?? Int64.max
        return try keptEntries(sql, driver.values + [position], key: driver.values + [String(position)])
    }

    /// Rows that hold a filter's entries through an index of their own: `rows` joined to the
    /// entry whose id is `id`, where `condition` holds, with `values` bound in order.
    private struct Driver {
        var rows: String
        var id: String
        var condition: String
        var values: [String]
        /// A statement that reads the driver's entries (id, seq) below a position, newest first,
        /// without the entries' rows, when the driver has one. Binds: values, position.
        var ordered: String?

        /// The sources entries get by hand, by import or from bookmarks, which the partial index
        /// `entry_added_by_source` holds (`Schema.searchDrivers`); captures are the rest.
        static let addedSources = "x.source IN ('manual', 'import', 'bookmarks')"

        static func all(_ selection: EntrySelection) -> [Driver] {
            var drivers = selection.tags.map {
                Driver(
                    rows: "tag t JOIN entry_tag et ON et.tag_id = t.id", id: "et.entry_id", condition: "t.name = ?", values: [$0],
                    ordered: """
                        SELECT et.entry_id, et.seq FROM tag t CROSS JOIN entry_tag et INDEXED BY entry_tag_by_seq ON et.tag_id = t.id
                        WHERE t.name = ? AND et.seq < ? ORDER BY et.seq DESC
                        """)
            }
            if let archive = selection.archive {
                drivers.append(
                    Driver(rows: "entry_link l", id: "l.entry_id", condition: "l.archive = ?", values: [archive.rawValue]))
            }
            // The applications whose name matches, found one by one on `entry_by_app` (each step
            // a seek past the last name), then their entries on the same index.
            let apps = """
                (WITH RECURSIVE app(name) AS (
                    SELECT min(source_app) FROM entry
                    UNION ALL SELECT (SELECT min(y.source_app) FROM entry y WHERE y.source_app > app.name) FROM app WHERE app.name IS NOT NULL)
                SELECT name FROM app WHERE name LIKE ? ESCAPE '\\') a
                JOIN entry x INDEXED BY entry_by_app ON x.source_app = a.name
                """
            drivers += selection.appPatterns.map { Driver(rows: apps, id: "x.id", condition: "1", values: [$0]) }
            let added: Set<EntrySource> = [.manual, .imported, .bookmarks]
            if !selection.sources.isEmpty, Set(selection.sources).isSubset(of: added) {
                let marks = selection.sources.map { _ in "?" }.joined(separator: ", ")
                drivers.append(
                    Driver(
                        rows: "entry x INDEXED BY entry_added_by_source", id: "x.id",
                        condition: "\(addedSources) AND x.source IN (\(marks))", values: selection.sources.map(\.rawValue)))
            }
            return drivers
        }
    }

    /// The ids among `ids` that hold the terms: one full-text query per run of nearby ids (a
    /// rowid range, which FTS5 seeks to), so an entry moved to the top long after it was stored
    /// costs a look-up of its own rather than a range over everything in between.
    private func hits(_ match: String, among ids: [Int64]) throws(StoreError) -> Set<Int64> {
        let sorted = ids.sorted()
        var found = Set<Int64>()
        var start = 0
        for index in sorted.indices where index == sorted.count - 1 || sorted[index + 1] - sorted[index] > 4096 {
            let sql = "SELECT rowid FROM entry_fts WHERE entry_fts MATCH ? AND rowid BETWEEN ? AND ?"
            try database.with(sql, [match, sorted[start], sorted[index]]) { row throws(StoreError) in
                while try row.step() { found.insert(row.int(0)) }
            }
            start = index + 1
        }
        return found
    }
}

/// Chunks of a walk kept for the next walks (`HistoryStore.recentChunk`): valid while the
/// connection, its count of changes and the database's data version (which other connections'
/// commits change) stay the same.
struct RecentChunks {
    /// When the chunks were read.
    struct Stamp: Equatable {
        var connection: ObjectIdentifier
        var version: Int64
        var changes: Int64
    }

    /// A read: its statement and its values.
    struct Key: Hashable {
        var sql: String
        var values: [String]
    }

    /// How many entries' ids and positions are kept at most: the first walk's, a tag's few
    /// entries (`fewTagged`) and a little more (1 MiB).
    static let most = 65_536

    var stamp: Stamp?
    var chunks: [Key: [(id: Int64, seq: Int64)]] = [:]
    var held = 0
}
