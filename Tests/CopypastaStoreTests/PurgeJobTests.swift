import CopypastaCore
import CopypastaStore
import Testing

/// A purge in slices: other writes fit between its steps, and when its last step returns the
/// removed texts are gone from every database file, as after a purge in one transaction.
@Suite struct PurgeJobTests {
    let base = PurgeTests()

    @Test func capturesBetweenStepsAreKeptAndThePurgeLeavesNoTrace() throws {
        let store = try base.filled()
        _ = try base.addSecret(store)
        try store.trash(ids: Array(1...351), at: .now())
        let job = PurgeJob(store: store, removals: [.trash])
        var steps = 0, kept: [Int64] = []
        while try !job.step() {
            steps += 1
            let outcome = try store.capture(
                "captured between steps \(steps)", source: .clipboard, sourceApp: nil, at: .now(), policy: .move, maxEntries: 0)
            if let id = outcome.id { kept.append(id) }
        }
        #expect(steps >= 2)
        #expect(job.removed == 351)
        #expect(try store.trashCount() == 0)
        #expect(try store.count(includePinned: true) == kept.count)
        #expect(base.filesHoldingSecret() == [])
        let found = try store.search(SearchQuery.parse("captured between"), order: .recent, limit: nil)
        #expect(found.map(\.id).sorted() == kept.sorted())
    }

    @Test func aJobCutShortIsFinishedByTheNextPurge() throws {
        let store = try base.filled()
        let id = try base.addSecret(store)
        let job = PurgeJob(store: store, ids: [id])
        #expect(try !job.step())
        #expect(!base.filesHoldingSecret().isEmpty)
        // The daemon stopped here; the next expiry, with nothing due, still purges the index.
        try store.expire(now: .now(), trashDays: 30, maxAgeSeconds: nil)
        #expect(base.filesHoldingSecret() == [])
    }

    @Test func aCopyStoredWhileClearRunsStays() throws {
        let store = try base.filled()
        let job = try store.clearJob(includePinned: true)
        #expect(try !job.step())
        let outcome = try store.capture(
            "copied while clear runs", source: .clipboard, sourceApp: nil, at: .now(), policy: .move, maxEntries: 0)
        try job.run(between: {})
        #expect(job.removed == 300)
        #expect(try store.entries(EntryFilter()).map(\.id) == [outcome.id].compactMap { $0 })
    }
}
