import CopypastaCore
import Testing

@testable import CopypastaDaemon
@testable import CopypastaX11

/// Keep-alive serves only the entry captured from the very owner that closed, only while nobody
/// owns the selection and only while that entry is still the newest.
@Suite struct KeepAliveTests {
    @Test func theNewestEntryOfTheOwnerThatClosedIsServed() throws {
        let harness = try CaptureHarness()
        harness.copy("kept")
        harness.ownerGone()
        #expect(harness.source.owned.map(\.text) == ["kept"])
        #expect(harness.source.owned.first?.selections == [.clipboard])
        #expect(harness.log.contains("keeping the clipboard alive"))
    }

    @Test func aCopyThatWasSkippedLeavesNothingToKeepAlive() throws {
        let harness = try CaptureHarness()
        harness.copy("older")
        harness.answer(harness.take(), "secret", targets: ["TARGETS", "UTF8_STRING", "x-kde-passwordManagerHint"])
        harness.ownerGone()
        #expect(harness.source.owned.isEmpty)
    }

    /// X gives a closed client's ids to the next client: a skipped owner may own through the window
    /// id of an earlier, captured owner. The change's timestamp tells them apart.
    @Test func aSkippedOwnerReusingAnEarlierOwnersWindowLeavesNothingToKeepAlive() throws {
        let harness = try CaptureHarness()
        harness.copy("older", owner: OwnerID(window: 0x800, since: 100))
        harness.ownerGone()
        #expect(harness.source.owned.map(\.text) == ["older"])
        let read = harness.take(owner: OwnerID(window: 0x800, since: 200))
        harness.answer(read, "secret", targets: ["TARGETS", "UTF8_STRING", "x-kde-passwordManagerHint"])
        harness.ownerGone()
        #expect(harness.source.owned.map(\.text) == ["older"], "the skipped owner's close served the older entry again")
    }

    @Test func nothingIsServedWhileAnotherClientOwnsTheSelection() throws {
        let harness = try CaptureHarness()
        let owner = harness.newOwner()
        harness.copy("kept", owner: owner)
        harness.source.owners[.clipboard] = harness.newOwner()
        harness.policy.ownerChanged(OwnerChange(selection: .clipboard, kind: .ownerGone, owner: owner, isOurs: false, time: 0))
        #expect(harness.source.owned.isEmpty)
    }

    @Test func nothingIsServedWhenTheEntryIsNoLongerTheNewest() throws {
        let harness = try CaptureHarness()
        harness.copy("kept")
        try harness.store.add("added later", at: .now(), policy: .move, maxEntries: 0)
        harness.ownerGone()
        #expect(harness.source.owned.isEmpty)
    }

    @Test func nothingIsServedForPrimaryOrWhenKeepAliveIsOff() throws {
        let primary = try CaptureHarness()
        primary.copy("selected", .primary)
        primary.ownerGone(.primary)
        #expect(primary.source.owned.isEmpty)

        let off = try CaptureHarness { $0.keepAlive = false }
        off.copy("kept")
        off.ownerGone()
        #expect(off.source.owned.isEmpty)
    }
}
