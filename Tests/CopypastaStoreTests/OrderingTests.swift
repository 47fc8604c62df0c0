import CopypastaCore
import TestSupport
import Testing

@testable import CopypastaStore

/// History is ordered by when copypasta stored an entry; retention and "newest" follow that order.
@Suite struct OrderingTests {
    let sandbox = Sandbox()

    func open() throws -> HistoryStore { try HistoryStore(path: sandbox.database) }

    func capture(_ store: HistoryStore, _ text: String, app: String? = "App", max: Int = 0, isNewest: Bool = true) throws
        -> HistoryStore.Outcome
    {
        try store.capture(
            text, source: .clipboard, sourceApp: app, at: .now(), policy: .move, maxEntries: max, isNewest: isNewest)
    }

    func texts(_ store: HistoryStore) throws -> [String] { try store.entries().map(\.previewSource) }

    /// The case of the issue: entries dated in the future must not push a new capture out.
    @Test func storedEntriesSurviveAnImportDatedInTheFuture() throws {
        let store = try open()
        _ = try store.importEntries(maxEntries: 5) { importer in
            for index in 1...5 {
                try importer.add(ImportRecord(text: "future \(index)", capturedAt: "2099-01-0\(index)T00:00:00Z"))
            }
        }
        let captured = try capture(store, "captured now", max: 5)
        let added = try store.add("added now", at: .now(), policy: .move, maxEntries: 5)
        #expect(try store.entry(id: captured.storedID).previewSource == "captured now")
        #expect(try store.entry(id: added.storedID).previewSource == "added now")
        #expect(try texts(store) == ["added now", "captured now", "future 1", "future 2", "future 3"])
        #expect(try store.newestID() == added.storedID)
    }

    @Test func importGoesBelowTheHistoryInFileOrderAndRoundTrips() throws {
        let store = try open()
        _ = try capture(store, "already here")
        _ = try store.importEntries(maxEntries: 0) { importer in
            for text in ["newest imported", "middle", "oldest imported"] { try importer.add(ImportRecord(text: text)) }
        }
        _ = try capture(store, "after the import")
        let order = ["after the import", "already here", "newest imported", "middle", "oldest imported"]
        #expect(try texts(store) == order)
        // export writes newest first; importing that into an empty history keeps the order.
        let copy = try HistoryStore(path: sandbox.root + "/copy.sqlite3")
        _ = try copy.importEntries(maxEntries: 0) { importer in
            for entry in try store.entries(withText: true) { try importer.add(ImportRecord(text: entry.text ?? "")) }
        }
        #expect(try texts(copy) == order)
    }

    @Test func importRetentionRemovesTheOldestImportedNotTheHistory() throws {
        let store = try open()
        _ = try capture(store, "mine")
        let summary = try store.importEntries(maxEntries: 3) { importer in
            for index in 1...1200 { try importer.add(ImportRecord(text: "imported \(index)")) }
        }
        #expect(summary.imported == 1200 && summary.removedByRetention == 1198)
        #expect(try texts(store) == ["mine", "imported 1", "imported 2"])
    }

    @Test func moveToTopTakesTheNewCopysTimeSourceAndApp() throws {
        let store = try open()
        _ = try capture(store, "shared text", app: "Gtk")
        _ = try capture(store, "other")
        let later = Timestamp(microseconds: Timestamp.now().microseconds + 5_000_000)
        let outcome = try store.capture(
            "shared text", source: .primary, sourceApp: "Qt", at: later, policy: .move, maxEntries: 0)
        #expect(outcome == .moved(1))
        let moved = try store.entry(id: 1)
        #expect(moved.source == .primary && moved.sourceApp == "Qt" && moved.capturedAt == later)
        #expect(try texts(store) == ["shared text", "other"])
        _ = try store.add("shared text", at: .now(), policy: .move, maxEntries: 0)
        #expect(try store.entry(id: 1).source == .manual && store.entry(id: 1).sourceApp == nil)
    }

    @Test func aLateReadLandsJustBelowTheNewest() throws {
        let store = try open()
        _ = try capture(store, "old")
        _ = try capture(store, "newest")
        _ = try capture(store, "late", isNewest: false)
        #expect(try texts(store) == ["newest", "late", "old"])
        #expect(try store.lastFingerprint() == Fingerprint(of: "newest"))
    }

    @Test func retentionAtLargeHistoriesDeletesOnlyTheExcess() throws {
        let store = try open()
        _ = try store.importEntries(maxEntries: 0) { importer in
            for index in 1...2000 { try importer.add(ImportRecord(text: "old \(index)")) }
        }
        try store.setPinned(ids: [2000], true)
        for index in 1...3 { _ = try capture(store, "new \(index)", max: 1000) }
        #expect(try store.status().entries == 1001)
        #expect(try texts(store).prefix(4) == ["new 3", "new 2", "new 1", "old 1"])
        #expect(try store.entries().last?.id == 2000)
    }

    /// A database written before the ordering key existed keeps its (captured_at, id) order.
    @Test func migrationNumbersOldRowsInTheirFormerOrder() throws {
        let version1 =
            Schema.migrations[0].sql + """
                ;INSERT INTO entry (fingerprint, captured_at, source, bytes, preview) VALUES
                  (x'01', 300, 'clipboard', 1, 'third'), (x'02', 100, 'clipboard', 1, 'first'),
                  (x'03', 200, 'clipboard', 1, 'second'), (x'04', 200, 'clipboard', 1, 'second b');
                PRAGMA user_version = 1;
                """
        _ = Child.runQuietly(["mkdir", "-p", sandbox.root + "/data/copypasta"])
        let shell = try Child(["sqlite3", sandbox.database, version1]).communicate()
        #expect(shell.status == 0, "\(shell.stderr)")
        let store = try open()
        #expect(try texts(store) == ["third", "second b", "second", "first"])
        #expect(try store.status().schemaVersion == Schema.version)
        _ = try capture(store, "new")
        #expect(try texts(store).first == "new")
    }
}

extension HistoryStore.Outcome {
    /// The id an insert or a move reported.
    var storedID: Int64 {
        switch self {
        case let .inserted(id), let .moved(id): id
        case let .unchanged(id): id ?? -1
        }
    }
}
