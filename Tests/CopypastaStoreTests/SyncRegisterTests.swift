import CopypastaCore
import TestSupport
import Testing

@testable import CopypastaStore

/// Every sync register (`SyncRegister.allCases`) through the row, the queue and the apply path:
/// a register added to the list but left out of one of them fails here. The `switch`es below are
/// exhaustive on purpose, so a new register does not compile until this test changes it too.
@Suite struct SyncRegisterTests {
    let sandbox = Sandbox()

    static func gid(_ text: String) -> String { "g-" + text }

    /// A local change of `register` on entry `id`; `step` 0 and 1 give two different changes.
    func change(_ register: SyncRegister, of id: Int64, in store: HistoryStore, step: Int) throws {
        switch register {
        case .exists:
            if step == 0 { try store.trash(ids: [id], at: .now()) } else { try store.undelete(ids: [id]) }
        case .pinned: try store.setPinned(ids: [id], step == 0)
        case .title: try store.setTitle(id: id, "title-\(step)")
        case .tags: try store.addTags(id: id, ["tag\(step)"])
        case .file:
            if step == 0 {
                let source = sandbox.write("in/file.txt", "attached")
                try store.attachFile(id: id, try store.payloads.copyIn(from: source, maxBytes: 1 << 20), body: nil)
            } else {
                try store.detachFile(id: id)
            }
        case .link:
            if step == 0 {
                try store.attachLink(id: id, url: "https://example.com/a", archive: false)
            } else {
                try store.detachLink(id: id)
            }
        }
    }

    /// `record` with `register` set to a value it does not hold, at a later clock.
    func altered(_ record: SyncEntryRecord, _ register: SyncRegister) -> SyncEntryRecord {
        var out = record
        switch register {
        case .exists: out.exists.toggle()
        case .pinned: out.pinned.toggle()
        case .title: out.title = "remote-title"
        case .tags: out.tags = ["remote"]
        case .file:
            out.file = SyncedFile(
                folder: "0123abcd-0000-4000-8000-00000000cafe", name: "remote.txt", size: 6,
                digest: String(repeating: "ab", count: 32), synced: false)
        case .link: out.link = SyncedLink(url: "https://example.com/remote", status: "none")
        }
        out[keyPath: register.clock] += 1000
        return out
    }

    /// The row of entry `id` as sync reads it.
    func row(_ store: HistoryStore, _ id: Int64) throws -> SyncRow? {
        try store.database.with("SELECT \(SyncRow.columns) FROM entry e WHERE e.id = ?", [id]) { statement throws(StoreError) in
            try SyncRow.read(statement).first
        }
    }

    func queued(_ store: HistoryStore) throws -> [SyncEntryRecord] {
        try store.syncQueue(limit: 10, gid: Self.gid).entries.map(\.record)
    }

    /// A store with sync on and one entry, "walked": the entry's id.
    func walked() throws -> (store: HistoryStore, id: Int64) {
        let store = try sandbox.storeWithSyncOn()
        guard let id = try store.add("walked", at: .now(), policy: .move, maxEntries: 0).id else {
            throw StoreError.invalid("not stored")
        }
        return (store, id)
    }

    @Test(arguments: SyncRegister.allCases)
    func aLocalChangeIsReadQueuedAndSettledByItsClock(_ register: SyncRegister) throws {
        let (store, id) = try walked()
        try store.markWritten(try store.syncQueue(limit: 10, gid: Self.gid), seq: 1)
        guard let before = try row(store, id)?.record else { throw StoreError.invalid("no row") }

        try change(register, of: id, in: store, step: 0)
        let first = try store.syncQueue(limit: 10, gid: Self.gid)
        guard let changed = first.entries.first?.record else { throw StoreError.invalid("not queued") }
        #expect(register.differs(changed, before), "the row carries the register's new value")
        #expect(changed[keyPath: register.clock] > before[keyPath: register.clock])

        // Changed again before the write settles: the settle condition sees this register's clock.
        try change(register, of: id, in: store, step: 1)
        try store.markWritten(first, seq: 2)
        #expect(try queued(store).count == 1, "a change made after the read stays queued")
        try store.markWritten(try store.syncQueue(limit: 10, gid: Self.gid), seq: 3)
        #expect(try queued(store).isEmpty)
    }

    @Test(arguments: SyncRegister.allCases)
    func aRemoteChangeIsAppliedToTheRow(_ register: SyncRegister) throws {
        let (store, id) = try walked()
        _ = try store.syncQueue(limit: 10, gid: Self.gid)  // gives the entry its gid
        guard let local = try row(store, id)?.record else { throw StoreError.invalid("no row") }
        let remote = altered(local, register)
        _ = try store.applyRemote(
            [.entry(remote)], from: "peer", seq: 1, kind: .segment, sha: [1], me: "me", gid: Self.gid, now: .now())
        guard let applied = try row(store, id)?.record else { throw StoreError.invalid("row gone") }
        #expect(!register.differs(applied, remote), "the row holds the remote value and clock")
        for other in SyncRegister.allCases where other != register {
            // Clocks only: a title pins its entry without taking the pin's clock.
            #expect(applied[keyPath: other.clock] == local[keyPath: other.clock], "\(other) is untouched")
        }
    }

    @Test func anEntryNewHereArrivesWithEveryRegister() throws {
        let store = try sandbox.storeWithSyncOn()
        var remote = SyncEntryRecord(
            gid: Self.gid("arrived"), text: "arrived", capturedAt: "2026-11-21T10:00:00.000Z", source: "clipboard",
            sourceApp: "xterm", exists: true, existsAt: 10)
        for register in SyncRegister.allCases where register != .exists {
            remote = altered(remote, register)
        }
        _ = try store.applyRemote(
            [.entry(remote)], from: "peer", seq: 1, kind: .segment, sha: [1], me: "me", gid: Self.gid, now: .now())
        guard let id = try store.entries(EntryFilter(), withText: true).first?.id, let arrived = try row(store, id)?.record else {
            throw StoreError.invalid("not inserted")
        }
        for register in SyncRegister.allCases {
            #expect(!register.differs(arrived, remote), "\(register) arrives as sent")
        }
    }
}
