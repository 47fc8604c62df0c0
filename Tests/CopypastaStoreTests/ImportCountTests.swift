import CopypastaCore
import TestSupport
import Testing

@testable import CopypastaStore

/// An import counts its entries once per transaction and takes its clocks as one range (issue
/// 19): the counts every writer keeps still match the rows, and the clocks stay unique and ordered.
@Suite struct ImportCountTests {
    let sandbox = Sandbox()

    /// The counts of the state table against the rows they count.
    func expectCountsMatchRows(_ store: HistoryStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (entries, pinned) = try store.counts()
        let rows = try store.database.scalarInt("SELECT count(*) FROM entry WHERE trashed_at IS NULL")
        let pinnedRows = try store.database.scalarInt("SELECT count(*) FROM entry WHERE trashed_at IS NULL AND pinned")
        let trashedRows = try store.database.scalarInt("SELECT count(*) FROM entry WHERE trashed_at IS NOT NULL")
        #expect(Int64(entries) == rows && Int64(pinned) == pinnedRows, sourceLocation: sourceLocation)
        #expect(Int64(try store.trashCount()) == trashedRows, sourceLocation: sourceLocation)
    }

    func importRecords(_ store: HistoryStore, _ records: [ImportRecord], maxEntries: Int = 0) throws -> ImportSummary {
        try store.importEntries(maxEntries: maxEntries) { importer in
            for record in records { try importer.add(record) }
        }
    }

    /// No trigger runs on an entry insert: it would open a statement journal for every record.
    @Test func insertingAnEntryRunsNoTrigger() throws {
        let store = try HistoryStore(path: sandbox.database)
        let triggers = try store.database.scalarInt(
            "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'entry' AND sql LIKE '%AFTER INSERT%'")
        #expect(triggers == 0)
    }

    /// Imports with pins, titles, duplicates and retention, between captures, adds, deletes,
    /// trashing, restoring, pinning and entries from another machine: the counts follow the rows.
    @Test func countsMatchTheRowsAfterImportsAmongOtherWrites() throws {
        let store = try HistoryStore(path: sandbox.database)
        try store.setSync(enabled: true)
        let now = Timestamp.now()
        let first = (0..<40).map { index in
            ImportRecord(text: "imported \(index)", pinned: index % 7 == 0, tags: index % 5 == 0 ? ["work"] : nil)
        }
        #expect(try importRecords(store, first + [ImportRecord(text: "named", title: "snippet")]).imported == 41)
        try expectCountsMatchRows(store)
        let captured = try store.capture(
            "captured", source: .clipboard, sourceApp: nil, at: now, policy: .move, maxEntries: 0)
        let added = try store.add("added", at: now, policy: .move, maxEntries: 0, pinned: true)
        _ = try store.applyRemote(
            [
                .entry(
                    SyncEntryRecord(
                        gid: "g-remote", text: "remote", capturedAt: "2026-11-21T10:00:00.000Z", source: "import",
                        sourceApp: nil, exists: true, existsAt: 5, pinned: true, pinnedAt: 5))
            ], from: "peer", seq: 1, kind: .segment, sha: [1], me: "me", gid: { "g-" + $0 }, now: now)
        try expectCountsMatchRows(store)
        let ids = try store.entries().map(\.id)
        try store.trash(ids: Array(ids.prefix(6)), at: now)
        try store.undelete(ids: Array(ids.prefix(2)))
        try store.setPinned(ids: Array(ids.suffix(5)), true)
        if let id = captured.id { try store.delete(ids: [id]) }
        if let id = added.id { try store.setPinned(ids: [id], false) }
        try expectCountsMatchRows(store)
        // Duplicates of the first import are skipped; retention removes the oldest unpinned.
        let second = (30..<90).map { ImportRecord(text: "imported \($0)", pinned: $0 % 11 == 0) }
        let summary = try importRecords(store, second, maxEntries: 50)
        #expect(summary.duplicates > 0 && summary.removedByRetention > 0)
        try expectCountsMatchRows(store)
        _ = try store.emptyTrash()
        _ = try store.clear(includePinned: false)
        try expectCountsMatchRows(store)
    }

    /// The clocks of an import are unique, rise in the order the records were stored, lie above
    /// every clock before it, and the last one is the machine's clock afterwards: a copy made
    /// next takes a clock above them all.
    @Test func anImportTakesUniqueClocksInOrderAboveEveryEarlierOne() throws {
        let store = try HistoryStore(path: sandbox.database)
        try store.setSync(enabled: true)
        // A clock far ahead of the wall clock, as one received from a machine running ahead.
        let ahead = (HybridClock.wallMilliseconds() + 60_000) << 16
        try store.database.transaction { () throws(StoreError) in try store.setState("sync-hlc", ahead) }
        let records = (0..<300).map { ImportRecord(text: "clocked \($0)", tags: $0 % 3 == 0 ? ["tagged"] : nil) }
        let limits = Importer.Limits(records: 100)
        _ = try store.importEntries(maxEntries: 0, limits: limits) { importer in
            for record in records { try importer.add(record) }
        }
        let clocks = try store.database.with("SELECT exists_at, tags_at FROM entry ORDER BY id") { row throws(StoreError) in
            var clocks: [(exists: Int64, tags: Int64)] = []
            while try row.step() { clocks.append((row.int(0), row.int(1))) }
            return clocks
        }
        #expect(clocks.count == 300)
        // Each register's clocks rise with the order of the records; tags are set after the rows.
        let exists = clocks.map(\.exists), tags = clocks.map(\.tags).filter { $0 > 0 }
        #expect(exists == exists.sorted() && tags == tags.sorted() && tags.count == 100)
        let issued = exists + tags
        #expect(Set(issued).count == issued.count)
        #expect(issued.min().map { $0 > ahead } == true)
        let last = try store.database.scalarInt("SELECT value FROM state WHERE key = 'sync-hlc'")
        #expect(last == issued.max())
        let copy = try store.capture("after", source: .clipboard, sourceApp: nil, at: .now(), policy: .move, maxEntries: 0)
        let copyClock = try store.database.scalarInt("SELECT exists_at FROM entry WHERE id = ?", copy.id ?? 0)
        #expect(copyClock.map { $0 > (issued.max() ?? 0) } == true)
    }
}
