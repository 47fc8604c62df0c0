import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// The store's side of sync: marking local changes, tombstones, the queue and the derived states.
@Suite struct SyncStoreTests {
    let sandbox = Sandbox()

    func open(enabled: Bool = true) throws -> HistoryStore {
        let store = try HistoryStore(path: sandbox.database)
        try store.setSync(enabled: enabled)
        return store
    }

    static func gid(_ text: String) -> String { "g-" + text }

    func add(_ store: HistoryStore, _ text: String, local: Bool = false, maxEntries: Int = 0) throws -> Int64 {
        guard let id = try store.add(text, at: .now(), policy: .move, maxEntries: maxEntries, syncLocal: local).id else {
            throw StoreError.invalid("not stored")
        }
        return id
    }

    func states(_ store: HistoryStore) throws -> [String: SyncState] {
        var out: [String: SyncState] = [:]
        for entry in try store.entries(EntryFilter(), withText: true) { out[entry.text ?? ""] = entry.sync }
        return out
    }

    /// The counts `status` prints agree with the state `list` shows for each live entry.
    func expectCountsAgree(_ store: HistoryStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var histogram: [SyncState: Int] = [:]
        for state in try states(store).values { histogram[state, default: 0] += 1 }
        #expect(try store.syncCounts().filter { $0.value > 0 } == histogram, sourceLocation: sourceLocation)
    }

    @Test func newEntriesArePendingWhileSyncIsOnAndLocalOtherwise() throws {
        let store = try open(enabled: false)
        _ = try add(store, "while off")
        try store.setSync(enabled: true)
        _ = try add(store, "while on")
        _ = try add(store, "kept here", local: true)
        #expect(try states(store) == ["while off": .local, "while on": .pending, "kept here": .local])
        #expect(try store.syncCounts() == [.local: 2, .pending: 1])
        let batch = try store.syncQueue(limit: 100, gid: Self.gid)
        #expect(batch.records.count == 1)
        guard case let .entry(record)? = batch.records.first else { throw StoreError.invalid("no entry record") }
        #expect(record.gid == "g-while on" && record.text == "while on" && record.exists && record.existsAt > 0)
    }

    @Test func writtenEntriesAreSyncedOnceEveryApprovedPeerAcknowledged() throws {
        let store = try open()
        _ = try add(store, "one")
        let batch = try store.syncQueue(limit: 10, gid: Self.gid)
        try store.markWritten(batch, seq: 4)
        #expect(try states(store)["one"] == .pending)  // no peer yet
        try expectCountsAgree(store)
        try store.upsertPeer(device: "peer-a", name: "laptop", publicKey: nil, approved: true)
        try store.upsertPeer(device: "peer-b", name: "desk", publicKey: nil, approved: true)
        try store.upsertPeer(device: "peer-c", name: "waiting", publicKey: nil, approved: false)
        _ = try store.applyRemote(
            [.ack(AckRecord(dev: "me", seq: 4))], from: "peer-a", seq: 1, kind: .segment, sha: [1], me: "me", gid: Self.gid,
            now: .now())
        #expect(try states(store)["one"] == .pending)
        let outcome = try store.applyRemote(
            [.ack(AckRecord(dev: "me", seq: 5)), .ack(AckRecord(dev: "other", seq: 9))], from: "peer-b", seq: 1,
            kind: .segment, sha: [2], me: "me", gid: Self.gid, now: .now())
        #expect(outcome.acks == 1 && !outcome.heldEntries)
        #expect(try states(store)["one"] == .synced)
        try expectCountsAgree(store)
        try store.removePeer(device: "peer-b")
        #expect(try store.syncPeers().first { $0.device == "peer-b" }?.removed == true)
        #expect(try store.syncQueue(limit: 10, gid: Self.gid).isEmpty)
        _ = try add(store, "two")
        _ = try add(store, "three", local: true)
        try expectCountsAgree(store)
    }

    @Test func aChangeDuringTheWriteStaysQueuedAndFailuresAreRetried() throws {
        let store = try open()
        let id = try add(store, "busy")
        let batch = try store.syncQueue(limit: 10, gid: Self.gid)
        try store.setPinned(ids: [id], true)
        try store.markWritten(batch, seq: 1)
        #expect(try states(store)["busy"] == .pending)
        let again = try store.syncQueue(limit: 10, gid: Self.gid)
        guard case let .entry(record)? = again.records.first else { throw StoreError.invalid("not queued") }
        #expect(record.pinned && record.pinnedAt > record.existsAt)
        try store.markFailed(again)
        #expect(try states(store)["busy"] == .failed)
        try store.trash(ids: [try add(store, "thrown away")], at: .now())
        try expectCountsAgree(store)
        #expect(try store.retrySync(id: nil) == 1)
        #expect(try states(store)["busy"] == .pending)
    }

    @Test func everyLocalEditBumpsItsRegisterAndQueues() throws {
        let store = try open()
        let id = try add(store, "edited")
        try store.markWritten(try store.syncQueue(limit: 10, gid: Self.gid), seq: 1)
        func queued() throws -> SyncEntryRecord? {
            let batch = try store.syncQueue(limit: 10, gid: Self.gid)
            try store.markWritten(batch, seq: 1)
            if case let .entry(record)? = batch.records.first { return record }
            return nil
        }
        try store.addTags(id: id, ["work"])
        #expect(try queued()?.tags == ["work"])
        try store.setTitle(id: id, "snip")
        let titled = try queued()
        #expect(titled?.title == "snip" && titled?.pinned == true)
        try store.trash(ids: [id], at: .now())
        let trashed = try queued()
        #expect(trashed?.exists == false && trashed?.text == nil)
        try store.undelete(ids: [id])
        #expect(try queued()?.exists == true)
        try store.removeTags(id: id, ["work"])
        #expect(try queued()?.tags == [])
        #expect(try queued() == nil)
    }

    @Test func deletingASharedEntryWritesATombstoneButRetentionDoesNot() throws {
        let store = try open()
        let shared = try add(store, "shared")
        _ = try add(store, "never written")
        try store.markWritten(try store.syncQueue(limit: 1, gid: Self.gid), seq: 1)
        try store.delete(ids: [shared])
        let batch = try store.syncQueue(limit: 10, gid: Self.gid)
        // `delete` deletes for good: the tombstone tells the other machines to do the same.
        var tombstone = SyncEntryRecord(gid: "g-shared", text: nil, exists: false, existsAt: tombstoneClock(batch))
        tombstone.purge = true
        #expect(batch.records.contains(.entry(tombstone)))
        try store.markWritten(batch, seq: 2)
        // Retention evicts "old" (written) locally: no tombstone.
        _ = try add(store, "old")
        try store.markWritten(try store.syncQueue(limit: 10, gid: Self.gid), seq: 3)
        _ = try add(store, "new", maxEntries: 1)
        let after = try store.syncQueue(limit: 10, gid: Self.gid)
        #expect(after.records.count == 1)
        if case let .entry(record)? = after.records.first { #expect(record.gid == "g-new" && record.exists) }
    }

    func tombstoneClock(_ batch: SyncBatch) -> Int64 {
        for case let .entry(record) in batch.records where !record.exists { return record.existsAt }
        return -1
    }

    @Test func purgingATrashedEntryKeepsItsTombstoneAndLocalOnlyTakesAnEntryBack() throws {
        let store = try open()
        let trashed = try add(store, "trashed"), hidden = try add(store, "hidden")
        try store.markWritten(try store.syncQueue(limit: 10, gid: Self.gid), seq: 1)
        try store.trash(ids: [trashed], at: .now())
        try store.markWritten(try store.syncQueue(limit: 10, gid: Self.gid), seq: 2)
        #expect(try store.emptyTrash() == 1)
        // Emptying the trash tells the other machines to delete their copy for good too.
        let purged = try store.syncQueue(limit: 10, gid: Self.gid)
        guard case let .entry(tombstone)? = purged.records.first, purged.records.count == 1 else {
            Issue.record("no tombstone queued: \(purged.records)")
            return
        }
        #expect(!tombstone.exists && tombstone.purge && tombstone.gid == "g-trashed")
        try store.markWritten(purged, seq: 3)
        // An old copy of it cannot come back.
        let old = SyncEntryRecord(gid: "g-trashed", text: "trashed", exists: true, existsAt: 1)
        let outcome = try store.applyRemote(
            [.entry(old)], from: "peer", seq: 1, kind: .segment, sha: [1], me: "me", gid: Self.gid, now: .now())
        #expect(outcome.inserted == 0)
        #expect(try states(store)["trashed"] == nil)
        try store.setLocalOnly(id: hidden)
        #expect(try states(store)["hidden"] == .local)
        let batch = try store.syncQueue(limit: 10, gid: Self.gid)
        #expect(batch.records.count == 1 && tombstoneClock(batch) > 0)
    }
}
