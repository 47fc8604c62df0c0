import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// The other paths that store or remove entries: capture, import, secure, trash all, clear.
@Suite struct SyncPathTests {
    let sandbox = Sandbox()

    func open() throws -> HistoryStore { try sandbox.storeWithSyncOn() }

    func queuedGids(_ store: HistoryStore) throws -> [String: Bool] {
        var out: [String: Bool] = [:]
        for case let .entry(record) in try store.syncQueue(limit: 100, gid: { "g-" + $0 }).records {
            out[record.gid] = record.exists
        }
        return out
    }

    @Test func capturesAndImportsFollowTheAddRule() throws {
        let store = try open()
        _ = try store.capture("copied", source: .clipboard, sourceApp: "xterm", at: .now(), policy: .move, maxEntries: 0)
        _ = try store.capture(
            "excluded", source: .clipboard, sourceApp: "keepassxc", at: .now(), policy: .move, maxEntries: 0, syncLocal: true)
        _ = try store.importEntries(maxEntries: 0) { importer in
            try importer.add(ImportRecord(text: "imported"))
        }
        #expect(try queuedGids(store) == ["g-copied": true, "g-imported": true])
        // The excluded text copied again keeps its entry local.
        let states = try store.entries(EntryFilter(), withText: true).map { ($0.text ?? "", $0.sync) }
        #expect(states.first { $0.0 == "excluded" }?.1 == .local)
    }

    @Test func aPartialPrimaryEntryThatWasSharedLeavesATombstoneWhenReplaced() throws {
        let store = try open()
        let partial = try #require(
            try store.capture("hel", source: .primary, sourceApp: nil, at: .now(), policy: .move, maxEntries: 0).id)
        try store.markWritten(try store.syncQueue(limit: 10) { "g-" + $0 }, seq: 1)
        _ = try store.capture(
            "hello", source: .primary, sourceApp: nil, at: .now(), policy: .move, maxEntries: 0, replacing: partial)
        #expect(try queuedGids(store) == ["g-hel": false, "g-hello": true])
    }

    @Test func trashAllAndClearQueueDeletionsOfSharedEntriesOnly() throws {
        let store = try open()
        _ = try store.add("a", at: .now(), policy: .move, maxEntries: 0)
        _ = try store.add("b", at: .now(), policy: .move, maxEntries: 0, pinned: true)
        try store.markWritten(try store.syncQueue(limit: 10) { "g-" + $0 }, seq: 1)
        _ = try store.add("local", at: .now(), policy: .move, maxEntries: 0, syncLocal: true)
        #expect(try store.trashAll(includePinned: false, at: .now()) == 2)
        #expect(try queuedGids(store) == ["g-a": false])
        #expect(try store.clear(includePinned: true) == 3)
        #expect(try queuedGids(store) == ["g-a": false, "g-b": false])
    }

    @Test func makingAnEntrySecureTakesItOutOfSync() throws {
        let store = try open()
        let id = try #require(try store.add("secret", at: .now(), policy: .move, maxEntries: 0).id)
        try store.markWritten(try store.syncQueue(limit: 10) { "g-" + $0 }, seq: 1)
        let key = try store.secureKey(passphrase: Array("pass".utf8), create: true)
        try store.makeSecure(id: id, key: key)
        #expect(try queuedGids(store) == ["g-secret": false])
        #expect(try store.entries().first?.sync == .local)
    }
}

extension SyncPathTests {
    @Test func aPackHoldsOurLiveEntriesAndRecentTombstonesButNotReceivedOnes() throws {
        let store = try open()
        let gone = try #require(try store.add("gone", at: .now(), policy: .move, maxEntries: 0).id)
        let binned = try #require(try store.add("binned", at: .now(), policy: .move, maxEntries: 0).id)
        _ = try store.add("kept", at: .now(), policy: .move, maxEntries: 0)
        _ = try store.add("mine only", at: .now(), policy: .move, maxEntries: 0, syncLocal: true)
        try store.markWritten(try store.syncQueue(limit: 10) { "g-" + $0 }, seq: 1)
        try store.delete(ids: [gone])
        // `copypasta delete` moves to the trash: the entry row is the tombstone the pack must carry,
        // or a peer that had not read the deleting segment before compaction removed it keeps the entry.
        try store.trash(ids: [binned], at: .now())
        _ = try store.applyRemote(
            [.entry(SyncEntryRecord(gid: "g-theirs", text: "theirs", exists: true, existsAt: 5))], from: "peer", seq: 1,
            kind: .segment, sha: [1], me: "me", gid: { "g-" + $0 }, now: .now())
        var pack: [String: Bool] = [:]
        for case let .entry(record) in try store.syncPackRecords(tombstonesSince: 0, gid: { "g-" + $0 }) {
            pack[record.gid] = record.exists
        }
        #expect(pack == ["g-kept": true, "g-gone": false, "g-binned": false])
        #expect(try store.syncPackRecords(tombstonesSince: .max, gid: { "g-" + $0 }).count == 1)
    }
}

extension SyncPathTests {
    /// max-age and clear-on are this machine's housekeeping: a shared entry they remove is
    /// evicted here only (no deletion goes out), while a purged trash deletes everywhere.
    @Test func maxAgeAndClearOnEvictHereOnlyWhileTheTrashPurgeDeletesEverywhere() throws {
        let store = try open()
        let start = Timestamp(microseconds: Timestamp.now().microseconds - 7_200_000_000)
        _ = try store.add("old", at: start, policy: .move, maxEntries: 0)
        _ = try store.add("session", at: .now(), policy: .move, maxEntries: 0)
        let trashed = try #require(try store.add("trashed", at: start, policy: .move, maxEntries: 0).id)
        try store.markWritten(try store.syncQueue(limit: 10) { "g-" + $0 }, seq: 1)
        try store.delete(ids: [trashed])
        let sessionStart = Timestamp(microseconds: Timestamp.now().microseconds - 60_000_000)
        #expect(try store.sessionClearJob(since: sessionStart).run() == 1)
        _ = try store.expire(now: .now(), trashDays: 0, maxAgeSeconds: 3600)
        #expect(try store.entries(EntryFilter(), withText: true).isEmpty)
        #expect(try queuedGids(store) == ["g-trashed": false])
    }
}
