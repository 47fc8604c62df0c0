import CopypastaCore
import CopypastaStore
import Glibc
import TestSupport
import Testing

/// A removed text leaves no byte in the database, its WAL or its shared-memory file.
@Suite struct PurgeTests {
    let sandbox = Sandbox()
    let secret = "zqxvelociraptorpassword"

    func open() throws -> HistoryStore { try HistoryStore(path: sandbox.database) }

    /// Fills a history whose index has several merged segments, so that the secret is not only
    /// in the newest one.
    func filled() throws -> HistoryStore {
        let store = try open()
        for index in 0..<300 {
            _ = try store.add("filler \(index) alpha beta gamma \(index * 7)", at: .now(), policy: .move, maxEntries: 0)
        }
        return store
    }

    func addSecret(_ store: HistoryStore, max: Int = 0) throws -> Int64 {
        let outcome = try store.add("login: \(secret) for the server", at: .now(), policy: .move, maxEntries: max)
        guard case let .inserted(id) = outcome else { throw StoreError.invalid("not inserted") }
        for index in 0..<50 { _ = try store.add("after \(index) delta", at: .now(), policy: .move, maxEntries: max) }
        return id
    }

    /// Which of the database files still hold the secret's bytes.
    func filesHoldingSecret() -> [String] { sandbox.databaseFilesHolding(secret) }

    @Test func deleteLeavesNoTrace() throws {
        let store = try filled()
        let id = try addSecret(store)
        #expect(!filesHoldingSecret().isEmpty)
        try store.delete(ids: [id])
        #expect(filesHoldingSecret() == [])
        #expect(try store.search(SearchQuery.parse("delta"), order: .recent, limit: nil).count == 50)
    }

    @Test func clearLeavesNoTrace() throws {
        let store = try filled()
        _ = try addSecret(store)
        _ = try store.clear(includePinned: false)
        #expect(filesHoldingSecret() == [])
    }

    @Test func retentionLeavesNoTraceWhenItsPurgeThresholdIsReached() throws {
        let store = try filled()
        _ = try store.clear(includePinned: true)
        // max-entries 60: the purge runs after every removal (1 % of 60 rounds up to one).
        _ = try addSecret(store, max: 60)
        for index in 0..<10 { _ = try store.add("pushing \(index)", at: .now(), policy: .move, maxEntries: 60) }
        #expect(try store.entries().allSatisfy { !$0.previewSource.contains(secret) })
        #expect(filesHoldingSecret() == [])
    }

    @Test func theLogDoesNotKeepTheSizeOfABigImport() throws {
        let store = try open()
        let text = String(repeating: "bulk text ", count: 100)
        _ = try store.importEntries(maxEntries: 0) { importer in
            for index in 0..<5000 { try importer.add(ImportRecord(text: "\(index) \(text)")) }
        }
        var stats = stat()
        let walSize = stat(sandbox.database + "-wal", &stats) == 0 ? Int(stats.st_size) : 0
        #expect(walSize == 0)
        #expect(try store.status().entries == 5000)
    }

    /// The daemon's case: its data directory was deleted while it ran.
    @Test func aStoreWhoseFileWasRemovedReopensAtThePath() throws {
        let store = try open()
        _ = try store.add("before", at: .now(), policy: .move, maxEntries: 0)
        #expect(try store.reopenIfReplaced() == false)
        _ = Child.runQuietly(["rm", "-rf", sandbox.root + "/data"])
        #expect(try store.reopenIfReplaced() == true)
        _ = try store.capture("after", source: .clipboard, sourceApp: nil, at: .now(), policy: .move, maxEntries: 0)
        #expect(try open().entries().map(\.previewSource) == ["after"])
    }
}
