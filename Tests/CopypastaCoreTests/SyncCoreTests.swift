import CopypastaCore
import Testing

/// The pure rules of sync: the hybrid clock, the record format, last-writer-wins and the config.
@Suite struct SyncCoreTests {
    @Test func theClockIsStrictlyIncreasingEvenWhenTheWallClockGoesBack() {
        let first = HybridClock.next(last: 0, wallMilliseconds: 1000)
        #expect(first == 1000 << 16)
        let second = HybridClock.next(last: first, wallMilliseconds: 1000)
        let third = HybridClock.next(last: second, wallMilliseconds: 500)
        #expect(second == first + 1 && third == second + 1)
        #expect(HybridClock.next(last: third, wallMilliseconds: 2000) == 2000 << 16)
    }

    @Test func aReceivedClockMovesOursUnlessItIsFiveMinutesAhead() {
        let wall: Int64 = 1_000_000
        let near = (wall + 60_000) << 16
        #expect(HybridClock.received(last: 5, remote: near, wallMilliseconds: wall) == (near, false))
        let far = (wall + 6 * 60_000) << 16
        #expect(HybridClock.received(last: 5, remote: far, wallMilliseconds: wall) == (5, true))
        #expect(HybridClock.received(last: near, remote: 3, wallMilliseconds: wall) == (near, false))
    }

    @Test func theTestOffsetShiftsTheWallClock() {
        let plain = HybridClock.wallMilliseconds(environment: [:])
        let shifted = HybridClock.wallMilliseconds(environment: [HybridClock.offsetVariable: "-3600000"])
        #expect(abs(plain - shifted - 3_600_000) < 1000)
        for junk in ["abc", "1e30", "99999999999999999", "-9223372036854775808"] {
            #expect(abs(HybridClock.wallMilliseconds(environment: [HybridClock.offsetVariable: junk]) - plain) < 1000)
        }
        #expect(SyncState.allCases.map(\.badge) == ["L", "P", "S", "F"])
    }

    static let sample = SyncEntryRecord(
        gid: "g1", text: "a \"quoted\"\ntext", capturedAt: "2026-11-21T16:40:19.123Z", source: "clipboard", sourceApp: nil,
        exists: true, existsAt: 7, pinned: true, pinnedAt: 8, title: nil, titleAt: 0, tags: ["work", "x"], tagsAt: 9)

    @Test func recordsRoundTripAsJSONLinesWithTheDocumentedFieldNames() throws {
        let records: [SyncRecord] = [.entry(Self.sample), .ack(AckRecord(dev: "abc", seq: 12))]
        let bytes = SyncRecords.encode(records)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"t":"entry","gid":"g1","text":"a \"quoted\"\ntext","capturedAt":"#))
        #expect(
            text.contains(
                #""exists":true,"existsAt":7,"pinned":true,"pinnedAt":8,"title":null,"titleAt":0,"tags":["work","x"],"tagsAt":9}"#
            ))
        #expect(text.hasSuffix("{\"t\":\"ack\",\"dev\":\"abc\",\"seq\":12}\n"))
        #expect(try SyncRecords.decode(bytes) == records)
    }

    @Test func unknownRecordKindsAreSkippedAndMalformedLinesRefused() throws {
        let bytes = Array("{\"t\":\"future\",\"x\":1}\n{\"t\":\"ack\",\"dev\":\"d\",\"seq\":3}\n".utf8)
        #expect(try SyncRecords.decode(bytes) == [.ack(AckRecord(dev: "d", seq: 3))])
        #expect(throws: CoreError.self) { try SyncRecords.decode(Array("{\"t\":\"ack\"\n".utf8)) }
        #expect(throws: CoreError.self) { try SyncRecords.decode(Array("{\"t\":\"entry\",\"gid\":\"g\"}\n".utf8)) }
    }

    static let variants: [SyncEntryRecord] = {
        var pinnedLater = sample
        pinnedLater.pinned = false
        pinnedLater.pinnedAt = 20
        var deleted = SyncEntryRecord(gid: "g1", text: nil, exists: false, existsAt: 30)
        deleted.tags = ["other"]
        deleted.tagsAt = 9
        var titled = sample
        titled.title = "snip"
        titled.titleAt = 8
        titled.existsAt = 30
        return [sample, pinnedLater, deleted, titled]
    }()

    @Test func mergeIsCommutativeAndIdempotent() {
        for a in Self.variants {
            #expect(a.merged(into: a) == a)
            for b in Self.variants {
                #expect(a.merged(into: b) == b.merged(into: a))
                let ab = a.merged(into: b)
                #expect(ab.merged(into: ab) == ab)
                for c in Self.variants { #expect(ab.merged(into: c) == a.merged(into: b.merged(into: c))) }
            }
        }
    }

    @Test func theLargerClockWinsEachRegisterAndTiesPickTheLargerValue() {
        let merged = Self.variants[1].merged(into: Self.variants[2])
        #expect(merged.pinned == false && merged.pinnedAt == 20)
        #expect(merged.exists == false && merged.existsAt == 30)
        #expect(merged.tags == ["work", "x"])  // equal clocks: "work\u{1F}x" > "other"
        #expect(merged.text == Self.sample.text)
        // Equal clocks on existence: existing beats deleted.
        var alive = Self.sample
        alive.existsAt = 30
        #expect(alive.merged(into: Self.variants[2]).exists)
        #expect(Self.variants[2].merged(into: alive).exists)
    }

    @Test func syncExclusionRulesCoverAppsPatternsAndSize() throws {
        let config = try Config.parse(
            "sync-exclude-apps = KeePassXC, Term\nsync-exclude-patterns = ^secret, [0-9]{16}\nsync-exclude-larger-than = 1K\n",
            file: "c.conf")
        #expect(config.syncExcluded(text: "hello", app: "keepassxc"))
        #expect(config.syncExcluded(text: "secret stuff", app: nil))
        #expect(config.syncExcluded(text: "card 1234567812345678", app: "firefox"))
        #expect(config.syncExcluded(text: String(repeating: "a", count: 1025), app: nil))
        #expect(!config.syncExcluded(text: String(repeating: "a", count: 1024), app: "firefox"))
        #expect(!Config().syncExcluded(text: "secret", app: "keepassxc"))
        #expect(throws: CoreError.self) { try Config.parse("sync-exclude-patterns = (\n", file: "c.conf") }
        #expect(throws: CoreError.self) { try Config.parse("sync-exclude-larger-than = big\n", file: "c.conf") }
    }

    @Test func theSyncFolderAndDeviceNameHaveDefaultsAndTheDatabaseMayNotLiveInsideTheFolder() throws {
        #expect(Config().syncFolderPath(home: "/home/u") == nil)
        #expect(!Config().effectiveSyncDeviceName.isEmpty)
        let config = try Config.parse("sync-folder = ~/Sync/copypasta\nsync-device-name = laptop\n", file: "c.conf")
        #expect(config.syncFolderPath(home: "/home/u") == "/home/u/Sync/copypasta")
        #expect(config.effectiveSyncDeviceName == "laptop")
        #expect(Config.isInside("/home/u/Sync/copypasta/db.sqlite3", folder: "/home/u/Sync/copypasta/"))
        #expect(Config.isInside("/home/u/Sync/copypasta/a/../db", folder: "/home/u/Sync/./copypasta"))
        #expect(!Config.isInside("/home/u/Sync/copypasta-db", folder: "/home/u/Sync/copypasta"))
        #expect(!Config.isInside("/home/u/Sync/copypasta", folder: "/home/u/Sync/copypasta"))
        for relative in ["Sync/copypasta", "./sync", "~root/sync"] {
            #expect(throws: CoreError.self) { try Config.parse("sync-folder = \(relative)\n", file: "c.conf") }
        }
    }

    @Test func aTombstoneSaysWhetherTheEntryWasDeletedForGood() throws {
        var tombstone = SyncEntryRecord(gid: "g", text: nil, exists: false, existsAt: 9)
        tombstone.purge = true
        let bytes = SyncRecords.encode([.entry(tombstone)])
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""purge":true"#))
        #expect(try SyncRecords.decode(bytes) == [.entry(tombstone)])
        let plain = SyncEntryRecord(gid: "g", text: nil, exists: false, existsAt: 9)
        #expect(!String(decoding: SyncRecords.encode([.entry(plain)]), as: UTF8.self).contains("purge"))
        // Part of the existence register: the later deletion decides.
        var later = plain
        later.existsAt = 10
        #expect(tombstone.merged(into: later).purge == false && later.merged(into: tombstone).purge == false)
    }

    @Test func recordsThisMachineCouldNeverHaveWrittenAreRefused() {
        let wall: Int64 = 1_800_000_000_000
        let good = SyncEntryRecord(
            gid: String(repeating: "ab", count: 16), text: "hello", capturedAt: "2026-11-22T10:00:00Z", exists: true,
            existsAt: wall << 16)
        #expect(good.problem(maxBytes: 100) == nil)
        var record = good
        record.gid = "g1"
        #expect(record.problem(maxBytes: 100)?.contains("entry id") == true)
        record = good
        record.pinnedAt = -1
        #expect(record.problem(maxBytes: 100)?.contains("clock") == true)
        record = good
        record.existsAt = Int64.max
        #expect(record.problem(maxBytes: 100)?.contains("clock") == true)
        record = good
        record.existsAt = (wall + 800 * 86_400_000) << 16
        #expect(record.problem(maxBytes: 100) == nil, "a clock that jumped ahead must not cut its machine off")
        #expect(good.problem(maxBytes: 4)?.contains("max-bytes") == true)
        record = good
        record.capturedAt = "yesterday"
        #expect(record.problem(maxBytes: 100)?.contains("ISO 8601") == true)
        record = good
        record.tags = ["has space"]
        #expect(record.problem(maxBytes: 100) != nil)
        record = good
        record.text = nil
        #expect(record.problem(maxBytes: 100) != nil)
        record.exists = false
        #expect(record.problem(maxBytes: 100) == nil, "a tombstone carries no text")
    }
}
