import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// What `sync-clipboard` may put on the clipboard: only the newest entry new here that another
/// machine captured from its CLIPBOARD.
@Suite struct SyncArrivalTests {
    let sandbox = Sandbox()

    static func record(_ text: String, at clock: Int64, source: String = "clipboard", pinned: Bool = false) -> SyncRecord {
        .entry(
            SyncEntryRecord(
                gid: "g-" + text, text: text, capturedAt: "2026-11-21T10:00:0\(clock % 10).000Z", source: source,
                sourceApp: "xterm", exists: true, existsAt: clock, pinned: pinned, pinnedAt: pinned ? clock : 0))
    }

    func apply(_ store: HistoryStore, _ records: [SyncRecord], seq: Int64) throws -> RemoteApplyOutcome {
        try store.applyRemote(
            records, from: "peer", seq: seq, kind: .segment, sha: [UInt8(seq)], me: "me", gid: { "g-" + $0 }, now: .now())
    }

    @Test func theNewestClipboardCopyNewHereArrives() throws {
        let store = try sandbox.storeWithSyncOn()
        let outcome = try apply(store, [Self.record("newer", at: 2), Self.record("older", at: 1)], seq: 1)
        let arrival = try #require(outcome.arrival)
        #expect(try store.entry(id: arrival.id).text == "newer")
        #expect(arrival.capturedAt == Timestamp.parseISO8601("2026-11-21T10:00:02.000Z"))
        // Added or imported there: history only.
        #expect(try apply(store, [Self.record("added", at: 3, source: "manual")], seq: 2).arrival == nil)
        #expect(try apply(store, [Self.record("imported", at: 4, source: "import")], seq: 3).arrival == nil)
        // A change to an entry already here (pinned there) is no new copy.
        #expect(try apply(store, [Self.record("newer", at: 5, pinned: true)], seq: 4).arrival == nil)
    }
}
