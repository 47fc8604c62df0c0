import CopypastaCore
import CopypastaStore
import CopypastaSync
import Glibc
import TestSupport
import Testing

@testable import CopypastaDaemon

/// What the sync engine does with a folder that anyone who can write it filled: forged records,
/// links, junk by the thousand, a pack of many records (docs/DESIGN.md §14.3, §14.5).
@Suite struct SyncTrustTests {
    let shared = Sandbox()
    var folder: String { shared.root + "/synced/copypasta" }
    /// A device id of nobody's `device.key`: files under it are written here, with the key.
    let stranger = String(repeating: "m", count: 26)

    func machine(maxEntries: Int = 1000) throws -> (SyncMachine, SyncKey) {
        _ = Child.runQuietly(["mkdir", "-p", shared.root + "/synced"])
        let machine = try SyncMachine(folder: folder) { $0.maxEntries = maxEntries }
        let key = try machine.join(name: "desk")
        return (machine, key)
    }

    /// Writes `records` as the stranger's file `seq`, sealed with `key` as a member would.
    func forge(_ records: [SyncRecord], kind: SyncFile.Kind = .segment, seq: Int64 = 1, key: SyncKey) throws {
        try SyncFolder(root: folder).write(
            kind: kind, device: stranger, seq: seq, plaintext: SyncRecords.encode(records), key: key)
    }

    /// An entry record for `text` with the gid of `gidText` (the right one when nil).
    func entry(_ text: String, gidOf gidText: String? = nil, key: SyncKey, clock: Int64 = 0) -> SyncRecord {
        .entry(
            SyncEntryRecord(
                gid: key.gid(of: gidText ?? text), text: text, capturedAt: Timestamp.now().iso8601, source: "clipboard",
                exists: true, existsAt: (HybridClock.wallMilliseconds() << 16) + clock))
    }

    @Test func aRecordWhoseGidIsNotTheKeyedHashOfItsTextIsRefusedAndLogged() throws {
        let (a, key) = try machine()
        // A record that claims the identity of "the real text" for another text: the real text
        // copied later would be merged into it.
        try forge([entry("a forged text", gidOf: "the real text", key: key), entry("an honest text", key: key)], key: key)
        a.settle()
        #expect(try a.texts() == ["an honest text"])
        let log = try a.store.syncLogEntries(limit: 20)
        #expect(log.contains { $0.code == "invalid" && $0.detail.contains("not the keyed hash of its text") }, "\(log)")
    }

    @Test func aDeviceDirectoryLinkedToTheRootIsNotFollowed() throws {
        let (a, _) = try machine()
        #expect(symlink("/", folder + "/devices/" + stranger) == 0)
        a.settle()
        let details = try a.store.syncLogEntries(limit: 50).map(\.detail)
        #expect(!details.contains { $0.contains(stranger + "/") }, "names in / were listed: \(details)")
    }

    @Test func namesGoneFromTheFolderAreForgotten() throws {
        let (a, key) = try machine()
        let directory = folder + "/devices/" + stranger
        try forge([entry("from the stranger", key: key)], key: key)
        a.settle()
        let before = a.engine.state.reported.count + a.engine.state.seenTemporaries.count + a.engine.state.unreadable.count
        for round in 0..<5 {
            var made: [String] = []
            for index in 0..<200 {
                for name in ["junk-\(round)-\(index)", ".syncthing.s-\(index).cps.tmp", "s-\(9_000_000_000 + index).cps"] {
                    let fd = open(directory + "/" + name, O_WRONLY | O_CREAT, 0o600)
                    close(fd)
                    made.append(directory + "/" + name)
                }
            }
            a.settle()
            #expect(
                a.engine.state.reported.count + a.engine.state.seenTemporaries.count + a.engine.state.unreadable.count > before
                    + 400)
            for path in made { unlink(path) }
            a.settle()
        }
        #expect(a.engine.state.reported.count + a.engine.state.seenTemporaries.count + a.engine.state.unreadable.count <= before)
    }

    @Test func aLargePackIsAppliedASliceAtATimeAndRecordedAfterItsLastSlice() throws {
        let (a, key) = try machine(maxEntries: 0)
        let count = 5 * SyncEngine.applySlice + 7
        let records = (0..<count).map { entry("packed entry \($0)", key: key, clock: Int64($0)) }
        try forge(records, kind: .pack, seq: 3, key: key)
        a.engine.kick()
        var turns = 0
        var largest = 0
        var previous = try a.store.entries(withText: false).count
        while a.engine.state.importJob != nil, turns < 1000 {
            #expect(a.engine.nextDeadline == a.clock.now, "the loop must come back at once for the next slice")
            #expect(try !a.store.isImported(device: stranger, seq: 3, kind: .pack))
            // A copy between two slices is stored on top of what arrived so far.
            if turns == 5 { try a.add("copied during the import") }
            a.advance(0)
            let now = try a.store.entries(withText: false).count
            largest = max(largest, now - previous)
            previous = now
            turns += 1
        }
        #expect(turns > 5 && largest <= SyncEngine.applySlice + 1, "\(turns) turns, up to \(largest) entries in one")
        #expect(try a.store.isImported(device: stranger, seq: 3, kind: .pack))
        let texts = try a.texts()
        #expect(texts.count == count + 1 && texts.contains("copied during the import"))
        #expect(texts.first == "packed entry \(count - 1)", "the newest clock on top")
        #expect(try a.store.syncLogEntries(limit: 5).contains { $0.detail.contains("\(count) new") })
    }

    @Test func thisMachinesMaxEntriesIsPublishedAndFollowsAReload() throws {
        let (a, _) = try machine()
        a.settle()
        let identity = try DeviceIdentity.load(a.paths)
        #expect(try SyncFolder(root: folder).device(identity.id)?.maxEntries == 1000)
        var config = a.engine.config
        config.maxEntries = 250
        a.engine.reconfigure(config)
        #expect(try SyncFolder(root: folder).device(identity.id)?.maxEntries == 250)
    }
}
