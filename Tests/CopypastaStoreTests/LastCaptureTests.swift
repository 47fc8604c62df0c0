import CopypastaCore
import CopypastaStore
import Testing

/// The store remembers the digest of the last captured text so that an owner setting the same
/// text again is not a new entry. Once the user removed that entry, the memory must neither
/// swallow the next copy of the text nor outlive the text in the database files.
@Suite struct LastCaptureTests {
    let base = PurgeTests()

    func capture(_ store: HistoryStore, _ text: String) throws -> HistoryStore.Outcome {
        try store.capture(text, source: .clipboard, sourceApp: nil, at: .now(), policy: .move, maxEntries: 0)
    }

    func stored(_ outcome: HistoryStore.Outcome) -> Bool {
        switch outcome {
        case .inserted, .moved: true
        case .unchanged: false
        }
    }

    @Test func theSameTextCopiedAgainAfterItWasTrashedIsStored() throws {
        let store = try base.open()
        guard case let .inserted(id) = try capture(store, "copied twice") else { throw StoreError.invalid("not inserted") }
        try store.trash(ids: [id], at: .now())
        #expect(stored(try capture(store, "copied twice")))
        #expect(try store.entries().map(\.previewSource) == ["copied twice"])
    }

    @Test func theSameTextCopiedAgainAfterItWasPurgedIsStored() throws {
        let store = try base.open()
        guard case let .inserted(id) = try capture(store, "copied twice") else { throw StoreError.invalid("not inserted") }
        try store.delete(ids: [id])
        #expect(stored(try capture(store, "copied twice")))
        #expect(try store.entries().map(\.previewSource) == ["copied twice"])
    }

    @Test func theSameTextCopiedAgainAfterMaxAgeIsStored() throws {
        let store = try base.open()
        _ = try store.capture(
            "old copy", source: .clipboard, sourceApp: nil, at: Timestamp(microseconds: 1), policy: .move, maxEntries: 0)
        _ = try store.expire(now: .now(), trashDays: 10, maxAgeSeconds: 3600)
        #expect(stored(try capture(store, "old copy")))
        #expect(try store.entries().map(\.previewSource) == ["old copy"])
    }

    @Test func thePurgedTextLeavesNoDigestBehind() throws {
        let store = try base.open()
        let text = "pin 4711"
        guard case let .inserted(id) = try capture(store, text) else { throw StoreError.invalid("not inserted") }
        let digest = Fingerprint(of: text).bytes
        try store.delete(ids: [id])
        #expect(base.sandbox.databaseFilesHolding(bytes: digest) == [])
    }

    @Test func theSameTextSetAgainWhileItIsTheNewestEntryIsUnchanged() throws {
        let store = try base.open()
        _ = try capture(store, "set again")
        #expect(!stored(try capture(store, "set again")))
    }
}
