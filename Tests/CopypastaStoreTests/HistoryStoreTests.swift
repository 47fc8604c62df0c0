import CopypastaCore
import CopypastaStore
import Glibc
import TestSupport
import Testing

@Suite struct HistoryStoreTests {
    let sandbox = Sandbox()

    func open() throws -> HistoryStore { try HistoryStore(path: sandbox.database) }

    func capture(_ store: HistoryStore, _ text: String, at micros: Int64, policy: DuplicatePolicy = .move, max: Int = 1000)
        throws -> HistoryStore.Outcome
    {
        try store.capture(
            text, source: .clipboard, sourceApp: "App", at: Timestamp(microseconds: micros), policy: policy, maxEntries: max)
    }

    @Test func aGrowingSelectionReplacesItsPartialEntryUnlessTheUserTaggedOrPinnedIt() throws {
        let store = try open()
        let partial = try #require(
            try store.capture("ssh", source: .primary, sourceApp: nil, at: .now(), policy: .move, maxEntries: 0).id)
        let grown = try store.capture(
            "ssh deploy", source: .primary, sourceApp: nil, at: .now(), policy: .move, maxEntries: 0, replacing: partial)
        #expect(try store.entries().map(\.previewSource) == ["ssh deploy"])
        let kept = try #require(grown.id)
        try store.addTags(id: kept, ["important"])
        _ = try store.capture(
            "ssh deploy@prod", source: .primary, sourceApp: nil, at: .now(), policy: .move, maxEntries: 0, replacing: kept)
        #expect(try store.entries().map(\.previewSource) == ["ssh deploy@prod", "ssh deploy"])
        try store.setPinned(ids: [kept], true)
        try store.removeTags(id: kept, ["important"])
        _ = try store.capture(
            "ssh deploy@prod -p 22", source: .primary, sourceApp: nil, at: .now(), policy: .move, maxEntries: 0, replacing: kept)
        #expect(try store.entries().count == 3)
    }

    @Test func migratesFromEmptyWithPrivatePermissions() throws {
        let store = try open()
        #expect(try store.status().schemaVersion == HistoryStore.schemaVersion)
        #expect(sandbox.mode(sandbox.database) == 0o600)
        #expect(sandbox.mode(sandbox.root + "/data/copypasta") == 0o700)
        #expect(sandbox.mode(sandbox.root + "/data") == 0o700)
    }

    /// The directories are created only when the file cannot be; the errors name what failed as
    /// they did when every component was created first.
    @Test func aPathThroughAFileIsRefusedNamingTheFailingPart() throws {
        let file = sandbox.write("plain", "not a directory\n")
        #expect(
            throws: StoreError.cannotCreate(
                path: file + "/sub/history.sqlite3", reason: "cannot create the directory \(file)/sub: Not a directory")
        ) { try HistoryStore(path: file + "/sub/history.sqlite3") }
        #expect(throws: StoreError.cannotCreate(path: file + "/history.sqlite3", reason: "Not a directory")) {
            try HistoryStore(path: file + "/history.sqlite3")
        }
        #expect(sandbox.read(file) == Array("not a directory\n".utf8))
    }

    @Test func reopeningACurrentDatabaseKeepsData() throws {
        _ = try capture(try open(), "kept", at: 1)
        let again = try open()
        #expect(try again.entries().map(\.previewSource) == ["kept"])
        #expect(try again.status().schemaVersion == HistoryStore.schemaVersion)
    }

    @Test func refusesADatabaseFromANewerVersion() throws {
        _ = try open()
        #expect(try sqlite("PRAGMA user_version = 99").status == 0)
        #expect(throws: StoreError.newerSchema(path: sandbox.database, version: 99)) { try open() }
    }

    @Test func refusesAFileThatIsNotADatabaseAndLeavesItUntouched() throws {
        let path = sandbox.write("notes.txt", "just some notes\n")
        #expect(throws: StoreError.notADatabase(path: path)) { try HistoryStore(path: path) }
        #expect(sandbox.read(path) == Array("just some notes\n".utf8))
        #expect(sandbox.mode(path + "-wal") == nil)
    }

    @Test func consecutiveDuplicateIsNotInserted() throws {
        let store = try open()
        #expect(try capture(store, "same", at: 1) == .inserted(1))
        #expect(try capture(store, "same", at: 2) == .unchanged(1))
        #expect(try store.entries().count == 1)
    }

    @Test func fingerprintIsPersistedAcrossReopen() throws {
        _ = try capture(try open(), "current", at: 1)
        let again = try open()
        #expect(try capture(again, "current", at: 2) == .unchanged(1))
        #expect(try again.lastFingerprint() == Fingerprint(of: "current"))
    }

    @Test func olderDuplicateMovesToTopKeepingIdPinsAndTags() throws {
        let store = try open()
        _ = try capture(store, "first", at: 1)
        try store.setPinned(ids: [1], true)
        try store.addTags(id: 1, ["Work"])
        _ = try capture(store, "second", at: 2)
        #expect(try capture(store, "first", at: 3) == .moved(1))
        let entries = try store.entries()
        #expect(entries.map(\.id) == [1, 2])
        #expect(entries[0].pinned && entries[0].tags == ["Work"])
        #expect(entries[0].capturedAt == Timestamp(microseconds: 3))
    }

    @Test func keepPolicyStoresEveryCopy() throws {
        let store = try open()
        _ = try capture(store, "a", at: 1, policy: .keep)
        _ = try capture(store, "b", at: 2, policy: .keep)
        #expect(try capture(store, "a", at: 3, policy: .keep) == .inserted(3))
        #expect(try store.entries().count == 3)
    }

    @Test func retentionKeepsPinnedEntries() throws {
        let store = try open()
        _ = try capture(store, "pinned", at: 1, max: 2)
        try store.setPinned(ids: [1], true)
        for index in 2...6 { _ = try capture(store, "text \(index)", at: Int64(index), max: 2) }
        let entries = try store.entries()
        #expect(entries.map(\.previewSource) == ["text 6", "text 5", "pinned"])
        #expect(try store.status().pinned == 1)
    }

    @Test func countsFollowEveryChange() throws {
        let store = try open()
        for index in 1...6 { _ = try capture(store, "text \(index)", at: Int64(index), max: 4) }
        try store.setPinned(ids: [5, 6], true)
        try store.setPinned(ids: [6], true)
        try store.delete(ids: [3])
        _ = try store.add("manual", at: Timestamp(microseconds: 9), policy: .move, maxEntries: 4)
        _ = try store.importEntries(maxEntries: 4) { try $0.add(ImportRecord(text: "imported", pinned: true)) }
        let truth = try sqlite("SELECT count(*) || ' ' || total(pinned) FROM entry").output
        let status = try store.status()
        #expect("\(status.entries) \(status.pinned).0\n" == truth)
        _ = try store.clear(includePinned: false)
        #expect(try store.status().entries == 3 && store.status().pinned == 3)
        _ = try store.clear(includePinned: true)
        #expect(try store.status().entries == 0 && store.status().pinned == 0)
    }

    @Test func ftsIndexFollowsInsertDeleteClearAndRetention() throws {
        let store = try open()
        _ = try capture(store, "alpha crème", at: 1, max: 3)
        _ = try capture(store, "beta", at: 2, max: 3)
        _ = try capture(store, "gamma alpha", at: 3, max: 3)
        #expect(try search(store, "creme").map(\.id) == [1])
        #expect(try search(store, "alpha").count == 2)
        _ = try capture(store, "delta", at: 4, max: 3)
        #expect(try search(store, "alpha").map(\.id) == [3])
        try store.delete(ids: [3])
        #expect(try search(store, "alpha").isEmpty)
        #expect(try search(store, "delta").map(\.id) == [4])
        _ = try store.clear(includePinned: false)
        #expect(try search(store, "delta").isEmpty)
        #expect(try search(store, "beta").isEmpty)
        #expect(try sqlite("PRAGMA integrity_check").output == "ok\n")
    }

    func search(_ store: HistoryStore, _ text: String, order: SearchOrder = .relevance) throws -> [Entry] {
        try store.search(SearchQuery.parse(text), order: order, limit: nil)
    }

    @Test func searchIsCaseAndDiacriticInsensitiveAndRanked() throws {
        let store = try open()
        _ = try capture(store, "Crème brûlée recipe", at: 1)
        _ = try capture(store, "brulee brulee brulee", at: 2)
        _ = try capture(store, "unrelated", at: 3)
        #expect(try search(store, "BRULEE").map(\.id) == [2, 1])
        #expect(try search(store, "BRULEE", order: .recent).map(\.id) == [2, 1])
        #expect(try search(store, "cre*").map(\.id) == [1])
        #expect(try search(store, #""creme brulee""#).map(\.id) == [1])
        #expect(try search(store, #""brulee creme""#).isEmpty)
    }

    @Test func searchFilters() throws {
        let store = try open()
        _ = try capture(store, "note one", at: 1_000_000)
        _ = try store.add("note two", at: Timestamp(microseconds: 2_000_000), policy: .move, maxEntries: 0)
        try store.addTags(id: 2, ["Work"])
        try store.setPinned(ids: [1], true)
        #expect(try search(store, "note tag:work").map(\.id) == [2])
        #expect(try search(store, "note source:manual").map(\.id) == [2])
        #expect(try search(store, "note pinned:yes").map(\.id) == [1])
        #expect(try search(store, "app:ap").map(\.id) == [1])
        #expect(try search(store, "app:%").isEmpty)
        #expect(try search(store, "note before:1970-01-01T00:00:01.500Z").map(\.id) == [1])
        #expect(try search(store, "note after:1970-01-01T00:00:01.500Z").map(\.id) == [2])
    }

    @Test func unknownIdsChangeNothing() throws {
        let store = try open()
        _ = try capture(store, "keep me", at: 1)
        #expect(throws: StoreError.noSuchEntry(99)) { try store.delete(ids: [1, 99]) }
        #expect(try store.entries().count == 1)
        #expect(throws: StoreError.noSuchEntry(5)) { try store.setPinned(ids: [5], true) }
        #expect(throws: StoreError.noSuchEntry(5)) { try store.entry(id: 5) }
    }

    @Test func tagsAreCaseInsensitiveAndKeepFirstCasing() throws {
        let store = try open()
        _ = try capture(store, "a", at: 1)
        _ = try capture(store, "b", at: 2)
        try store.addTags(id: 1, ["Work", "work", "WORK"])
        try store.addTags(id: 2, ["work"])
        #expect(try store.entry(id: 1).tags == ["Work"])
        #expect(try store.entry(id: 2).tags == ["Work"])
        try store.removeTags(id: 1, ["wOrK"])
        #expect(try store.entry(id: 1).tags == [])
        #expect(try store.entries(EntryFilter(tag: "WORK")).map(\.id) == [2])
        #expect(throws: StoreError.self) { try store.addTags(id: 1, ["two words"]) }
    }

    @Test func restoreBumpsUseCountAndSetsFingerprint() throws {
        let store = try open()
        _ = try capture(store, "old", at: 1)
        _ = try capture(store, "new", at: 2)
        try store.markUsed(id: 1, at: Timestamp(microseconds: 5))
        let entry = try store.entry(id: 1)
        #expect(entry.useCount == 1 && entry.lastUsedAt == Timestamp(microseconds: 5))
        #expect(try capture(store, "old", at: 6) == .unchanged(1))
    }

    @Test func pauseIsPersisted() throws {
        try open().setPaused(true)
        #expect(try open().isPaused())
        try open().setPaused(false)
        #expect(try open().isPaused() == false)
    }

    @Test func listingDoesNotLoadTexts() throws {
        let store = try open()
        let big = String(repeating: "x", count: 1 << 20)
        _ = try capture(store, big, at: 1)
        let listed = try store.entries()
        #expect(listed[0].text == nil)
        #expect(listed[0].bytes == 1 << 20)
        #expect(listed[0].previewSource.count == Preview.storedCharacters)
        #expect(try store.text(id: 1) == big)
    }

    @Test func importSkipsDuplicatesAndKeepsWhatCameBeforeABadLine() throws {
        let store = try open()
        _ = try capture(store, "exists", at: 1)
        let summary = try store.importEntries(maxEntries: 0) { importer in
            try importer.add(ImportRecord(text: "exists"))
            try importer.add(ImportRecord(text: "fresh", capturedAt: "2020-01-01T00:00:00Z", source: "primary", tags: ["T"]))
            try importer.add(ImportRecord(text: "fresh"))
        }
        #expect(summary == ImportSummary(imported: 1, duplicates: 2, removedByRetention: 0))
        let fresh = try store.entry(id: 2)
        #expect(fresh.source == .primary && fresh.tags == ["T"])
        #expect(throws: CoreError.self) {
            _ = try store.importEntries(maxEntries: 0) { importer in
                try importer.add(ImportRecord(text: "before the bad line"))
                throw CoreError.data("line 2: bad")
            }
        }
        #expect(try store.entries().map(\.previewSource) == ["exists", "fresh", "before the bad line"])
    }

    /// Runs the sqlite3 shell on the test database: an independent reader of the file.
    private func sqlite(_ sql: String) throws -> ProcessResult {
        try Child(["sqlite3", sandbox.database, sql]).communicate()
    }
}
