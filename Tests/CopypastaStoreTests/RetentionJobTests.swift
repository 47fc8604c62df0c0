import CopypastaCore
import Testing

@testable import CopypastaStore

/// max-entries lowered under a long history: a write with `retentionInlineLimit` set (the
/// daemon's) leaves a large excess to a sliced job instead of deleting it inside the write, and
/// the job leaves no trace of what it removed.
@Suite struct RetentionJobTests {
    let base = PurgeTests()

    @Test func aLargeExcessIsLeftToASlicedJobThatRemovesTheOldestForGood() throws {
        let store = try base.open()
        // Imported entries go below the history in the file's order: the last line is the oldest.
        _ = try store.importEntries(maxEntries: 0) { importer in
            for index in 0..<2_999 { try importer.add(ImportRecord(text: "imported \(index) alpha")) }
            try importer.add(ImportRecord(text: "login: \(base.secret) for the server"))
        }
        let pinned = try #require(try store.add("pinned", at: .now(), policy: .move, maxEntries: 0).id)
        try store.setPinned(ids: [pinned], true)
        store.retentionInlineLimit = 100
        _ = try store.add("newest", at: .now(), policy: .move, maxEntries: 1_000)
        #expect(store.retentionDue)
        #expect(try store.count(includePinned: true) == 3_002)
        #expect(!base.filesHoldingSecret().isEmpty)

        let job = try #require(try store.retentionJob(maxEntries: 1_000))
        #expect(!store.retentionDue)
        var steps = 0
        while try !job.step() {
            steps += 1
            _ = try store.add("copied between steps \(steps)", at: .now(), policy: .move, maxEntries: 1_000)
        }
        #expect(steps >= 2)
        // The newest 1,000 unpinned entries stay: the copies made meanwhile, the last `add` and
        // the newest imports (a copy's own write removes the last few once they are few).
        #expect(try store.count(includePinned: true) == 1_001)
        let texts = try store.entries(EntryFilter(limit: nil)).map(\.previewSource)
        #expect(texts.first == "copied between steps \(steps)" && texts.last == "imported \(998 - steps) alpha")
        #expect(try store.text(id: pinned) == "pinned")
        #expect(base.filesHoldingSecret() == [])

        // The copies during the job asked for another (the excess was large then); by now there
        // is nothing left for it, and a small excess is removed inside the write.
        #expect(store.retentionDue)
        #expect(try store.retentionJob(maxEntries: 1_000) == nil)
        _ = try store.add("one more", at: .now(), policy: .move, maxEntries: 1_000)
        #expect(!store.retentionDue)
        #expect(try store.count(includePinned: true) == 1_001)
        #expect(try store.database.scalarText("PRAGMA integrity_check") == "ok")
    }
}
