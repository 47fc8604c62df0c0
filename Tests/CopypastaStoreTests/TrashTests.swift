import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// The trash: hidden from the history, brought back whole, purged for good; expiry by a test clock.
@Suite struct TrashTests {
    let sandbox = Sandbox()
    let day: Int64 = 86_400_000_000

    func open() throws -> HistoryStore { try HistoryStore(path: sandbox.database) }

    func add(_ store: HistoryStore, _ text: String, at time: Int64 = 1, pinned: Bool = false, tags: [String] = []) throws -> Int64
    {
        guard
            let id = try store.add(
                text, at: Timestamp(microseconds: time), policy: .move, maxEntries: 0, pinned: pinned, tags: tags
            ).id
        else { throw StoreError.invalid("not stored") }
        return id
    }

    func ids(_ entries: [Entry]) -> [Int64] { entries.map(\.id) }

    @Test func aTrashedEntryLeavesListSearchAndNewestAndIsShownByTheTrash() throws {
        let store = try open()
        let first = try add(store, "alpha one"), second = try add(store, "alpha two")
        try store.trash(ids: [second], at: Timestamp(microseconds: 5))
        #expect(try ids(store.entries()) == [first])
        #expect(try ids(store.search(SearchQuery.parse("alpha"), order: .recent, limit: nil)) == [first])
        #expect(try ids(store.search(SearchQuery.parse("alpha"), order: .relevance, limit: 10)) == [first])
        #expect(try store.newestID() == first)
        let trash = try store.entries(EntryFilter(inTrash: true))
        #expect(ids(trash) == [second] && trash.first?.trashedAt == Timestamp(microseconds: 5))
        #expect(try ids(store.search(SearchQuery.parse("in:trash alpha"), order: .relevance, limit: 10)) == [second])
        #expect(try store.status().entries == 1 && store.trashCount() == 1)
    }

    @Test func undeleteBringsAnEntryBackToItsPlaceWithTagsAndPin() throws {
        let store = try open()
        let old = try add(store, "kept text", pinned: true, tags: ["work"])
        let newer = try add(store, "newer text")
        try store.trash(ids: [old], at: Timestamp(microseconds: 9))
        #expect(try store.status().pinned == 0)
        try store.undelete(ids: [old])
        let entries = try store.entries()
        #expect(ids(entries) == [newer, old])
        #expect(entries.last?.pinned == true && entries.last?.tags == ["work"] && entries.last?.trashedAt == nil)
        #expect(try store.status().pinned == 1 && store.status().entries == 2 && store.trashCount() == 0)
        #expect(throws: StoreError.elsewhere(newer, inTrash: false)) { try store.undelete(ids: [newer]) }
    }

    /// The message must not deny an entry that `trash` or `list` shows.
    @Test func editingAnEntryOnTheOtherSideOfTheTrashSaysWhereItIs() throws {
        let store = try open()
        let trashed = try add(store, "trashed text")
        try store.trash(ids: [trashed], at: Timestamp(microseconds: 2))
        #expect(throws: StoreError.elsewhere(trashed, inTrash: true)) { try store.setPinned(ids: [trashed], true) }
        #expect(throws: StoreError.elsewhere(trashed, inTrash: true)) { try store.trash(ids: [trashed], at: .now()) }
        #expect(throws: StoreError.elsewhere(trashed, inTrash: true)) { try store.addTags(id: trashed, ["x"]) }
        #expect(StoreError.elsewhere(trashed, inTrash: true).exitStatus == .noSuchEntry)
        #expect(throws: StoreError.noSuchEntry(99)) { try store.undelete(ids: [99]) }
    }

    @Test func trashedEntriesDoNotCountForRetention() throws {
        let store = try open()
        let a = try add(store, "a text"), b = try add(store, "b text")
        try store.trash(ids: [a], at: Timestamp(microseconds: 2))
        // max-entries 2: a is in the trash, so b and c fit and nothing goes.
        let c = try store.add("c text", at: Timestamp(microseconds: 3), policy: .move, maxEntries: 2).id
        #expect(try ids(store.entries()) == [c, b].compactMap { $0 })
        #expect(try ids(store.entries(EntryFilter(inTrash: true))) == [a])
    }

    @Test func aCopyOfATrashedTextIsANewEntryAndTheTrashedOneStays() throws {
        let store = try open()
        let old = try add(store, "same text")
        try store.trash(ids: [old], at: Timestamp(microseconds: 2))
        let again = try add(store, "same text", at: 3)
        #expect(again != old)
        #expect(try ids(store.entries(EntryFilter(inTrash: true))) == [old])
    }

    @Test func expiryPurgesTheTrashAfterTrashDaysByTheGivenClock() throws {
        let store = try open()
        let early = try add(store, "early"), late = try add(store, "late"), live = try add(store, "live")
        try store.trash(ids: [early], at: Timestamp(microseconds: 1 * day))
        try store.trash(ids: [late], at: Timestamp(microseconds: 5 * day))
        // Ten days after the first trashing, the first is due and the second is not.
        var summary = try store.expire(now: Timestamp(microseconds: 11 * day), trashDays: 10, maxAgeSeconds: nil)
        #expect(summary == ExpirySummary(fromTrash: 1))
        #expect(try ids(store.entries(EntryFilter(inTrash: true))) == [late])
        summary = try store.expire(now: Timestamp(microseconds: 15 * day + 1), trashDays: 10, maxAgeSeconds: nil)
        #expect(try summary == ExpirySummary(fromTrash: 1) && store.trashCount() == 0)
        #expect(try ids(store.entries()) == [live])
    }

    @Test func maxAgeRemovesOldUnpinnedUntaggedEntriesOnly() throws {
        let store = try open()
        let old = try add(store, "old", at: 1 * day)
        let pinned = try add(store, "old pinned", at: 1 * day, pinned: true)
        let tagged = try add(store, "old tagged", at: 1 * day, tags: ["keep"])
        let recent = try add(store, "recent", at: 9 * day)
        let summary = try store.expire(now: Timestamp(microseconds: 10 * day), trashDays: 10, maxAgeSeconds: 5 * 86400)
        #expect(summary == ExpirySummary(tooOld: 1))
        #expect(try Set(ids(store.entries())) == [pinned, tagged, recent])
        #expect(throws: StoreError.noSuchEntry(old)) { try store.text(id: old) }
    }

    @Test func emptyTrashCountsAndLeavesTheHistory() throws {
        let store = try open()
        let a = try add(store, "a"), b = try add(store, "b"), c = try add(store, "c")
        try store.trash(ids: [a, b], at: Timestamp(microseconds: 2))
        #expect(try store.emptyTrash() == 2)
        #expect(try ids(store.entries()) == [c] && store.trashCount() == 0 && store.status().entries == 1)
    }

    @Test func trashAllMovesUnpinnedEntriesUnlessAllIsAsked() throws {
        let store = try open()
        let pinned = try add(store, "pinned", pinned: true)
        _ = try add(store, "plain")
        #expect(try store.trashAll(includePinned: false, at: Timestamp(microseconds: 4)) == 1)
        #expect(try ids(store.entries()) == [pinned])
        #expect(try store.trashAll(includePinned: true, at: Timestamp(microseconds: 4)) == 1)
        #expect(try store.entries().isEmpty && store.trashCount() == 2 && store.status().pinned == 0)
    }
}
