import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// Applying other devices' files: idempotence, last-writer-wins, tombstones and acknowledgements.
@Suite struct SyncApplyTests {
    let sandbox = Sandbox()

    func open() throws -> HistoryStore { try sandbox.storeWithSyncOn() }

    static func gid(_ text: String) -> String { "g-" + text }

    static func put(
        _ text: String, at clock: Int64, pinned: Bool = false, pinnedAt: Int64 = 0, tags: [String] = [], tagsAt: Int64 = 0
    )
        -> SyncRecord
    {
        .entry(
            SyncEntryRecord(
                gid: gid(text), text: text, capturedAt: "2026-11-21T10:00:00.000Z", source: "clipboard", sourceApp: "xterm",
                exists: true, existsAt: clock, pinned: pinned, pinnedAt: pinnedAt, tags: tags, tagsAt: tagsAt))
    }

    static func deletion(_ text: String, at clock: Int64) -> SyncRecord {
        .entry(SyncEntryRecord(gid: gid(text), text: nil, exists: false, existsAt: clock))
    }

    @discardableResult
    func apply(_ store: HistoryStore, _ records: [SyncRecord], seq: Int64, kind: SyncFileKind = .segment, sha: UInt8? = nil)
        throws -> RemoteApplyOutcome
    {
        try store.applyRemote(
            records, from: "peer", seq: seq, kind: kind, sha: [sha ?? UInt8(seq)], me: "me", gid: Self.gid, now: .now())
    }

    func live(_ store: HistoryStore) throws -> [Entry] { try store.entries(EntryFilter(), withText: true) }

    @Test func remoteEntriesGoOnTopInClockOrderAsSyncedAndAreNotQueued() throws {
        let store = try open()
        let outcome = try apply(store, [Self.put("later", at: 20), Self.put("earlier", at: 10)], seq: 1)
        #expect(outcome.inserted == 2 && outcome.heldEntries)
        let entries = try live(store)
        #expect(entries.map(\.text) == ["later", "earlier"])
        #expect(entries.allSatisfy { $0.sync == .synced && $0.sourceApp == "xterm" })
        #expect(try store.syncQueue(limit: 10, gid: Self.gid).isEmpty)
        // The same file again is a no-op.
        let again = try apply(store, [Self.put("later", at: 20)], seq: 1)
        #expect(again.alreadyApplied && again.inserted == 0)
    }

    @Test func theNewestPinWinsWhateverTheOrderOfArrival() throws {
        let pinned = Self.put("text", at: 1, pinned: true, pinnedAt: 50)
        let unpinned = Self.put("text", at: 1, pinned: false, pinnedAt: 40, tags: ["t"], tagsAt: 60)
        for order in [[pinned, unpinned], [unpinned, pinned]] {
            let sandbox = Sandbox()
            let store = try HistoryStore(path: sandbox.database)
            try store.setSync(enabled: true)
            for (index, record) in order.enumerated() {
                _ = try store.applyRemote(
                    [record], from: "peer", seq: Int64(index + 1), kind: .segment, sha: [0], me: "me", gid: Self.gid, now: .now())
            }
            let entry = try store.entries(EntryFilter(), withText: true)
            #expect(entry.count == 1 && entry.first?.pinned == true && entry.first?.tags == ["t"])
        }
    }

    @Test func aLocalEditNewerThanTheRemoteOneWinsAndStaysQueued() throws {
        let store = try open()
        store.wallClock = { 1_000_000 }
        let id = try #require(try store.add("shared", at: .now(), policy: .move, maxEntries: 0).id)
        try store.setPinned(ids: [id], true)
        // A remote unpin from before our pin loses; the entry keeps its queued change.
        try apply(store, [Self.put("shared", at: 1, pinned: false, pinnedAt: 5)], seq: 1)
        #expect(try live(store).first?.pinned == true)
        #expect(try live(store).first?.sync == .pending)
        // A remote unpin after it wins.
        try apply(store, [Self.put("shared", at: 1, pinned: false, pinnedAt: (1_000_000 << 16) + 100)], seq: 2)
        #expect(try live(store).first?.pinned == false)
        #expect(try live(store).count == 1)
    }

    @Test func aRemoteDeleteTrashesAndAnOlderCopyDoesNotReviveButANewerOneDoes() throws {
        let store = try open()
        try apply(store, [Self.put("gone", at: 10)], seq: 1)
        let outcome = try apply(store, [Self.deletion("gone", at: 20)], seq: 2)
        #expect(outcome.deleted == 1)
        #expect(try live(store).isEmpty)
        #expect(try store.entries(EntryFilter(inTrash: true)).count == 1)
        // Emptying the trash is a deletion for good of this machine's, with a clock of its own.
        _ = try store.emptyTrash()
        try apply(store, [Self.put("gone", at: 15)], seq: 3)
        #expect(try live(store).isEmpty)
        try apply(store, [Self.put("gone", at: 1 << 60)], seq: 4)
        #expect(try live(store).map(\.text) == ["gone"])
        // A tombstone of an entry never seen is kept: its old copy does not appear later.
        try apply(store, [Self.deletion("unknown", at: 30)], seq: 5)
        try apply(store, [Self.put("unknown", at: 29)], seq: 6)
        #expect(try live(store).map(\.text) == ["gone"])
    }

    @Test func aTextCopiedHereToFindsItsRemoteTwinAndLocalOnlyEntriesAreLeftAlone() throws {
        let store = try open()
        _ = try store.add("twin", at: .now(), policy: .move, maxEntries: 0)
        _ = try store.add("mine", at: .now(), policy: .move, maxEntries: 0, syncLocal: true)
        try apply(
            store, [Self.put("twin", at: 1, tags: ["x"], tagsAt: 1), Self.put("mine", at: 1, pinned: true, pinnedAt: 9)], seq: 1)
        let entries = try live(store)
        #expect(entries.count == 2)
        #expect(entries.first { $0.text == "twin" }?.tags == ["x"])
        #expect(entries.first { $0.text == "mine" }?.pinned == false)
        #expect(entries.first { $0.text == "mine" }?.sync == .local)
    }

    @Test func receivedSeqIsContiguousPacksCoverEarlierSeqsAndOnlyEntryFilesAreAcknowledged() throws {
        let store = try open()
        try apply(store, [Self.put("a", at: 1)], seq: 1)
        try apply(store, [Self.put("c", at: 3)], seq: 3)
        #expect(try store.syncPeers().first?.receivedSeq == 1)
        #expect(try store.acksToSend() == [AckRecord(dev: "peer", seq: 1)])
        try store.markAcksSent(try store.acksToSend())
        #expect(try store.acksToSend().isEmpty)
        try apply(store, [Self.put("b", at: 2)], seq: 2)
        #expect(try store.syncPeers().first?.receivedSeq == 3)
        #expect(try store.acksToSend() == [AckRecord(dev: "peer", seq: 3)])
        try store.markAcksSent(try store.acksToSend())
        // An ack-only segment is not acknowledged.
        try apply(store, [.ack(AckRecord(dev: "me", seq: 1))], seq: 4)
        #expect(try store.syncPeers().first?.receivedSeq == 4)
        #expect(try store.acksToSend().isEmpty)
        // A pack p-9 covers 5...9; segment 10 follows it.
        try apply(store, [Self.put("z", at: 10)], seq: 10)
        #expect(try store.syncPeers().first?.receivedSeq == 4)
        try apply(store, [Self.put("p", at: 9)], seq: 9, kind: .pack)
        #expect(try store.syncPeers().first?.receivedSeq == 10)
        #expect(try store.acksToSend() == [AckRecord(dev: "peer", seq: 10)])
    }

    @Test func aFarFutureClockIsAppliedButDoesNotMoveOursAndIsLogged() throws {
        let store = try open()
        store.wallClock = { 1_000_000 }
        let outcome = try apply(store, [Self.put("future", at: (1_000_000 + 3_600_000) << 16)], seq: 1)
        #expect(outcome.clockTooFarAhead && outcome.inserted == 1)
        #expect(try store.syncLogEntries(limit: 10).map(\.code) == ["clock-ahead"])
        let id = try #require(try store.add("local", at: .now(), policy: .move, maxEntries: 0).id)
        let batch = try store.syncQueue(limit: 10, gid: Self.gid)
        guard case let .entry(record)? = batch.records.first else { throw StoreError.invalid("not queued") }
        #expect(record.existsAt >> 16 < 1_000_000 + 1000 && id > 0)
    }

    @Test func settingsSeqAndLogPersist() throws {
        let store = try open()
        #expect(try store.syncSettings() == SyncSettings(enabled: true, paused: false, setupAt: nil))
        try store.setSync(paused: true)
        try store.recordSyncSetup(at: Timestamp(microseconds: 5))
        #expect(
            try HistoryStore(path: sandbox.database).syncSettings()
                == SyncSettings(enabled: true, paused: true, setupAt: Timestamp(microseconds: 5)))
        #expect(try store.nextSyncSeq(atLeast: 0) == 1)
        #expect(try store.nextSyncSeq(atLeast: 0) == 1, "a seq is taken only once written")
        try store.recordSyncSeqWritten(1)
        #expect(try store.nextSyncSeq(atLeast: 0) == 2)
        #expect(try store.nextSyncSeq(atLeast: 40) == 41)
        for index in 0..<1005 { try store.logSync(level: "info", device: nil, code: "import", detail: "line \(index)") }
        let log = try store.syncLogEntries(limit: 2000)
        #expect(log.count == 1000 && log.last?.detail == "line 1004")
    }
}

extension SyncApplyTests {
    @Test func anEntryEvictedByRetentionIsNotBroughtBackByTheSameRecordButByALaterCopy() throws {
        let store = try open()
        try apply(store, [Self.put("old", at: 10)], seq: 1)
        _ = try store.add("new", at: .now(), policy: .move, maxEntries: 1)
        #expect(try live(store).map(\.text) == ["new"])
        // The peer's next pack still holds "old": it stays evicted here, and nothing is queued for it.
        try apply(store, [Self.put("old", at: 10)], seq: 2, kind: .pack)
        #expect(try live(store).map(\.text) == ["new"])
        #expect(try store.syncQueue(limit: 10, gid: Self.gid).records.count == 1)
        try apply(store, [Self.put("old", at: 11)], seq: 3)
        #expect(try live(store).map(\.text) == ["old", "new"])
    }
}
