import CopypastaCore
import Testing

@testable import CopypastaDaemon
@testable import CopypastaX11

/// A text that arrives after another owner took the selection may be that owner's: it waits for
/// the newer read's verdict, and is dropped when that owner is skipped.
@Suite struct OvertakenReadTests {
    @Test func aTextOvertakenByAnIgnoredOwnerIsDropped() throws {
        let harness = try CaptureHarness { $0.ignoreApps = ["KeePassXC"] }
        let editor = harness.take()
        let manager = harness.take()
        harness.answer(editor, "hunter2")  // the request reached the password manager, which answered anyway
        #expect(try harness.texts().isEmpty, "held until the newer owner's verdict")
        harness.answer(manager, "hunter2", app: "KeePassXC")
        #expect(try harness.texts().isEmpty)
        #expect(harness.log.contains("skipped", "an ignored owner took the selection while it was read"))
        #expect(harness.hooked.isEmpty)
    }

    @Test func aTextOvertakenByAPasswordHintIsDropped() throws {
        let harness = try CaptureHarness()
        let editor = harness.take()
        let manager = harness.take()
        harness.answer(editor, "hunter2")
        harness.answer(manager, "hunter2", targets: ["TARGETS", "UTF8_STRING", "x-kde-passwordManagerHint"])
        #expect(try harness.texts().isEmpty)
    }

    @Test func aTextOvertakenByAKeptOwnerIsStoredBelowIt() throws {
        let harness = try CaptureHarness { $0.ignoreApps = ["KeePassXC"] }
        let first = harness.take()
        let second = harness.take()
        harness.answer(first, "first")
        #expect(try harness.texts().isEmpty)
        harness.answer(second, "second")
        #expect(try harness.texts() == ["second", "first"])
        #expect(harness.hooked.map(\.text) == ["first", "second"])
    }

    @Test func aNewerReadThatEndsWithoutAVerdictReleasesTheText() throws {
        let harness = try CaptureHarness { $0.ignoreApps = ["KeePassXC"] }
        let first = harness.take()
        let second = try #require(harness.take())
        harness.answer(first, "first")
        harness.policy.readFinished(second, outcome: .skipped(.timedOut(.targets, milliseconds: 5000)))
        #expect(try harness.texts() == ["first"])
    }

    @Test func onlyOlderReadsAreDroppedAndLaterCopiesAreKept() throws {
        let harness = try CaptureHarness { $0.ignoreApps = ["KeePassXC"] }
        let manager = harness.take()
        harness.answer(manager, "hunter2", app: "KeePassXC")
        let editor = harness.take()
        harness.answer(editor, "kept")
        #expect(try harness.texts() == ["kept"])
    }

    @Test func aPrimaryTextWaitsForAChangeHeldByTheGesture() throws {
        let harness = try CaptureHarness { $0.ignoreApps = ["KeePassXC"] }
        let editor = harness.take(.primary)
        harness.source.gesture = true
        #expect(harness.take(.primary) == nil, "held while the button is down")
        harness.answer(editor, "hunter2")
        #expect(try harness.texts().isEmpty)
        harness.source.gesture = false
        harness.advance(0.05)
        let manager = try #require(harness.source.started.last)
        harness.answer(manager, "hunter2", app: "KeePassXC")
        #expect(try harness.texts().isEmpty)
    }

    @Test func aTextWithNoNewerChangeIsStoredAtOnce() throws {
        let harness = try CaptureHarness()
        let other = harness.take(.primary)
        let read = harness.take()
        harness.answer(read, "now")
        #expect(try harness.texts() == ["now"], "a read of another selection does not hold it")
        harness.answer(other, "primary")
        #expect(try harness.texts() == ["primary", "now"])
    }
}
