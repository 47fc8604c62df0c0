import CopypastaCore
import Testing

@testable import CopypastaDaemon
@testable import CopypastaX11

/// The capture policy without X: duplicates, ignore rules, pause, the PRIMARY gesture wait and
/// the feedback-loop guard, against a fake selection source and a real store.
@Suite struct CapturePolicyTests {
    @Test func aCopyIsStoredWithItsApplicationAndRunsTheHook() throws {
        let harness = try CaptureHarness()
        harness.copy("hello", app: "Gedit")
        let entry = try #require(try harness.store.entries().first)
        #expect(entry.sourceApp == "Gedit")
        #expect(entry.source == .clipboard)
        #expect(harness.hooked.map(\.text) == ["hello"])
        #expect(harness.log.contains("captured", "app=Gedit", "selection=clipboard"))
    }

    @Test func theSameTextAgainIsUnchangedAndADifferentOneInBetweenMovesItUp() throws {
        let harness = try CaptureHarness()
        harness.copy("a")
        harness.copy("a")
        #expect(try harness.texts() == ["a"])
        #expect(harness.log.contains("unchanged"))
        harness.copy("b")
        harness.copy("a")
        #expect(try harness.texts() == ["a", "b"])
        #expect(harness.log.contains("moved to top"))
        #expect(harness.hooked.map(\.text) == ["a", "b", "a"])
    }

    @Test(arguments: [
        (["TARGETS", "UTF8_STRING", "x-kde-passwordManagerHint"], "Editor", "password manager hint"),
        (["TARGETS", "UTF8_STRING"], "KeePassXC", "ignored app keepassxc"),
    ])
    func theOwnerIsCheckedBeforeAnyTextIsFetched(targets: [String], app: String, reason: String) throws {
        let harness = try CaptureHarness { $0.ignoreApps = ["KeePassXC"] }
        harness.answer(harness.take(), "secret", app: app, targets: targets)
        #expect(try harness.texts().isEmpty)
        #expect(harness.log.contains("skipped", "reason=\(reason)"), "\(harness.log.lines)")
        #expect(harness.hooked.isEmpty)
    }

    @Test func textRulesSkipEmptyTooLargeAndIgnoredPatterns() throws {
        let harness = try CaptureHarness {
            $0.maxBytes = 12
            $0.ignorePatterns = ["^pw:"]
        }
        harness.copy("")
        harness.copy("1234567890123")
        harness.copy("pw:hunter2")
        harness.copy("kept")
        #expect(try harness.texts() == ["kept"])
        #expect(harness.log.contains("reason=empty text"))
        #expect(harness.log.contains("reason=larger than max-bytes (13 bytes or more)", "bytes=13"))
        #expect(harness.log.contains("reason=matches ignore-patterns ^pw:"))
    }

    @Test func aReadThatEndsWithoutTextLogsItsTypedReason() throws {
        let harness = try CaptureHarness()
        let read = try #require(harness.take())
        harness.policy.readFinished(read, outcome: .skipped(.ownerGone(.text)))
        harness.policy.readFinished(read, outcome: .skipped(.timedOut(.targets, milliseconds: 1000)))
        #expect(harness.log.contains("skipped", "reason=owner went away before it sent the text", "owner=\(read.owner)"))
        #expect(harness.log.contains("reason=owner did not send TARGETS within 1000 ms"))
        #expect(try harness.texts().isEmpty)
    }

    @Test func whilePausedNothingIsReadAndATextInFlightIsDropped() throws {
        let harness = try CaptureHarness()
        let inFlight = harness.take()
        try harness.store.setPaused(true)
        #expect(harness.take() == nil)
        harness.answer(inFlight, "typed while paused")
        #expect(try harness.texts().isEmpty)
        #expect(harness.log.lines.filter { $0.contains("reason=paused") }.count == 2)
        try harness.store.setPaused(false)
        harness.copy("after")
        #expect(try harness.texts() == ["after"])
    }

    @Test func primaryIsReadOnlyOnceTheGestureEnds() throws {
        let harness = try CaptureHarness()
        harness.source.gesture = true
        #expect(harness.take(.primary) == nil)
        #expect(harness.policy.nextTimer == harness.clock.now + 0.05)
        harness.advance(0.05)
        #expect(harness.source.started.isEmpty, "still held: looks again later")
        harness.source.gesture = false
        harness.advance(0.05)
        let read = try #require(harness.source.started.last)
        #expect(read.selection == .primary)
        #expect(harness.policy.nextTimer == nil)
    }

    @Test func anOwnerThatResetsTheSelectionOnEveryReadIsSuspendedForASecond() throws {
        let harness = try CaptureHarness()
        let owner = harness.newOwner()
        // The first copy is stored; each of the next `limit + 1` returns the same text.
        for _ in 0...(LoopGuard.limit + 1) { harness.copy("same", owner: owner) }
        #expect(harness.log.contains("pausing reads for 1 s"))
        let reads = harness.source.started.count
        #expect(harness.take(owner: owner) == nil)
        #expect(harness.take(owner: owner) == nil)
        #expect(harness.source.started.count == reads, "suspended: changes wait")
        #expect(harness.policy.nextTimer == harness.clock.now + LoopGuard.pause)
        harness.advance(LoopGuard.pause)
        #expect(harness.source.started.count == reads + 1, "the last change is read once afterwards")
        #expect(try harness.texts() == ["same"])
    }

    @Test func burstsOfDifferentTextsAreNeverLimited() throws {
        let harness = try CaptureHarness { $0.maxEntries = 100 }
        let owner = harness.newOwner()
        for index in 0..<(3 * LoopGuard.limit) { harness.copy("text \(index)", owner: owner) }
        #expect(try harness.texts().count == 3 * LoopGuard.limit)
        #expect(!harness.log.contains("pausing reads"))
    }

    @Test func startUpReadsWhatTheSelectionHoldsNow() throws {
        let harness = try CaptureHarness()
        let owner = harness.newOwner()
        harness.source.owners[.clipboard] = owner
        harness.policy.readCurrent(.clipboard)
        harness.policy.readCurrent(.primary)
        #expect(harness.source.started.map(\.owner) == [owner])
        harness.answer(harness.source.started.first, "there before")
        #expect(try harness.texts() == ["there before"])
    }

    @Test func aReloadedConfigurationAppliesToTheNextRead() throws {
        let harness = try CaptureHarness()
        harness.copy("one", app: "Terminal")
        var config = harness.policy.config
        config.ignoreApps = ["terminal"]
        harness.policy.config = config
        harness.copy("two", app: "Terminal")
        #expect(try harness.texts() == ["one"])
        #expect(harness.log.contains("reason=ignored app terminal"))
    }
}
