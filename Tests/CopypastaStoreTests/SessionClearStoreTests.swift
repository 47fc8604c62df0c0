import CopypastaCore
import CopypastaStore
import Testing

/// `clear-on`'s removal: the unpinned, unnamed entries captured since the session's start, in the
/// history or the trash.
@Suite struct SessionClearStoreTests {
    let base = PurgeTests()

    @Test func onlyTheSessionsUnpinnedUnnamedEntriesArePurged() throws {
        let store = try base.open()
        let start = Timestamp.now()
        let before = Timestamp(microseconds: start.microseconds - 60_000_000)
        _ = try store.add("before the session", at: before, policy: .keep, maxEntries: 0)
        _ = try store.add("copied in the session", at: .now(), policy: .keep, maxEntries: 0)
        let trashed = try store.add("trashed in the session", at: .now(), policy: .keep, maxEntries: 0)
        _ = try store.add("pinned", at: .now(), policy: .keep, maxEntries: 0, pinned: true)
        _ = try store.add("named", at: .now(), policy: .keep, maxEntries: 0, tags: ["work"], title: "sig")
        _ = try store.add("tagged in the session", at: .now(), policy: .keep, maxEntries: 0, tags: ["work"])
        try store.trash(ids: [try #require(trashed.id)], at: .now())
        let job = store.sessionClearJob(since: start)
        #expect(try job.run() == 3)
        #expect(try store.trashCount() == 0)
        let left = try store.entries(withText: true).compactMap(\.text).sorted()
        #expect(left == ["before the session", "named", "pinned"])
        #expect(try store.sessionClearJob(since: start).run() == 0, "a second clear finds nothing")
    }
}
