import CopypastaCore
import CopypastaStore
import Testing

/// A purge from the trash leaves no byte of the text in the database, its WAL or its
/// shared-memory file; moving to the trash is not a purge (the text stays, to be brought back).
@Suite struct TrashPurgeTests {
    let base = PurgeTests()

    @Test func movingToTheTrashKeepsTheText() throws {
        let store = try base.filled()
        let id = try base.addSecret(store)
        try store.trash(ids: [id], at: .now())
        #expect(!base.filesHoldingSecret().isEmpty)
        #expect(try store.text(id: id).contains(base.secret))
    }

    @Test func purgingOneTrashedEntryLeavesNoTrace() throws {
        let store = try base.filled()
        let id = try base.addSecret(store)
        try store.trash(ids: [id], at: .now())
        try store.delete(ids: [id])
        #expect(base.filesHoldingSecret() == [])
    }

    @Test func emptyingTheTrashLeavesNoTrace() throws {
        let store = try base.filled()
        let id = try base.addSecret(store)
        try store.trash(ids: [id], at: .now())
        #expect(try store.emptyTrash() == 1)
        #expect(base.filesHoldingSecret() == [])
    }

    @Test func trashDaysExpiryLeavesNoTrace() throws {
        let store = try base.filled()
        let id = try base.addSecret(store)
        try store.trash(ids: [id], at: Timestamp(microseconds: 1))
        let summary = try store.expire(now: Timestamp(microseconds: 10 * 86_400_000_000 + 1), trashDays: 10, maxAgeSeconds: nil)
        #expect(summary.fromTrash == 1)
        #expect(base.filesHoldingSecret() == [])
    }

    @Test func maxAgeExpiryLeavesNoTrace() throws {
        let store = try base.filled()
        _ = try base.addSecret(store)
        let later = Timestamp(microseconds: Timestamp.now().microseconds + 2 * 86_400_000_000)
        let summary = try store.expire(now: later, trashDays: 10, maxAgeSeconds: 86400)
        #expect(summary.tooOld > 300)
        #expect(base.filesHoldingSecret() == [])
    }
}
