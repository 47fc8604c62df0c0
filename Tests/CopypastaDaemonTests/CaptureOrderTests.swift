import CopypastaCore
import Testing

@testable import CopypastaDaemon
@testable import CopypastaX11

/// Where a capture lands: late replies, the PRIMARY merge and the busy-database queue.
@Suite struct CaptureOrderTests {
    @Test func aLateReplyLandsBelowTheNewestAndNeverBecomesTheFingerprint() throws {
        let harness = try CaptureHarness()
        let first = harness.take()
        let second = try #require(harness.take())
        harness.answer(second, "second")
        harness.answer(first, "first")
        #expect(try harness.texts() == ["second", "first"])
        #expect(harness.policy.ownerEntries[.clipboard]?.owner == second.owner, "keep-alive stays with the newest owner")
        harness.copy("second")
        #expect(harness.log.contains("unchanged"))
        #expect(try harness.texts() == ["second", "first"])
        #expect(harness.hooked.map(\.text) == ["second", "first"])
    }

    @Test func primaryThatGrowsWithinTwoSecondsReplacesWhatItInserted() throws {
        let harness = try CaptureHarness()
        harness.copy("hel", .primary)
        harness.clock.now += 0.5
        harness.copy("hello", .primary)
        harness.clock.now += 1.9
        harness.copy("hello w", .primary)
        #expect(try harness.texts() == ["hello w"])
        #expect(harness.log.contains("replaced", "selection=primary"))
        let entry = try #require(try harness.store.entries().first)
        #expect(entry.source == .primary)
    }

    @Test func primaryAfterTwoSecondsOrUnrelatedIsANewEntry() throws {
        let harness = try CaptureHarness()
        harness.copy("hel", .primary)
        harness.clock.now += 2.1
        harness.copy("hello", .primary)
        harness.copy("unrelated", .primary)
        #expect(try harness.texts() == ["unrelated", "hello", "hel"])
    }

    @Test func primaryNeverReplacesAnEntryThatExistedBeforeTheGesture() throws {
        let harness = try CaptureHarness()
        harness.copy("hello world")
        harness.copy("other")
        harness.copy("hello world", .primary)
        #expect(harness.log.contains("moved to top", "selection=primary"))
        harness.copy("hello world!", .primary)
        #expect(try harness.texts() == ["hello world!", "hello world", "other"])
    }

    @Test func primaryNeverReplacesAnEntryPinnedMeanwhile() throws {
        let harness = try CaptureHarness()
        harness.copy("hel", .primary)
        let pinned = try #require(try harness.store.newestID())
        try harness.store.setPinned(ids: [pinned], true)
        harness.copy("hello", .primary)
        #expect(try harness.texts() == ["hello", "hel"])
    }

    @Test func aPartialPrimaryStateThatFinishesLateIsDropped() throws {
        let harness = try CaptureHarness()
        let partial = harness.take(.primary)
        let whole = harness.take(.primary)
        harness.answer(whole, "hello")
        harness.answer(partial, "hel")
        #expect(try harness.texts() == ["hello"])
        #expect(harness.log.contains("skipped", "reason=superseded partial selection"))
    }

    @Test func aBusyDatabaseKeepsCapturesInArrivalOrderAndRetriesWithBackOff() throws {
        let harness = try CaptureHarness()
        let lock = try WriteLock(harness.sandbox.database)
        harness.copy("one")
        harness.copy("two")
        #expect(harness.policy.state.pendingStores.map(\.text) == ["one", "two"])
        #expect(harness.policy.nextTimer == harness.clock.now + 0.05)
        #expect(harness.log.contains("the database is busy"))
        harness.advance(0.05)
        #expect(harness.policy.nextTimer == harness.clock.now + 0.1, "the delay doubles")
        lock.release()
        harness.copy("three")
        #expect(harness.policy.state.pendingStores.count == 3, "a new capture waits behind the queue")
        harness.advance(0.1)
        #expect(harness.policy.state.pendingStores.isEmpty)
        #expect(harness.policy.nextTimer == nil)
        #expect(try harness.texts() == ["three", "two", "one"])
        #expect(harness.hooked.map(\.text) == ["one", "two", "three"])
    }

    @Test func capturesStillWaitingAreStoredAtShutdown() throws {
        let harness = try CaptureHarness()
        let lock = try WriteLock(harness.sandbox.database)
        harness.copy("one")
        lock.release()
        harness.policy.flushPendingStoresBeforeExit()
        #expect(try harness.texts() == ["one"])
    }
}
