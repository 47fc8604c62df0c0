import CopypastaCore
import Testing

@testable import CopypastaDaemon
@testable import CopypastaX11

/// Copy-on-select in the capture policy, against a fake selection source and a hand-moved clock.
@Suite struct CopyOnSelectPolicyTests {
    private func harness(_ mode: Config.SelectionSync, selections: [Config.Selection] = [.clipboard]) throws -> CaptureHarness {
        try CaptureHarness {
            $0.selections = selections
            $0.syncSelections = mode
        }
    }

    @Test func aDragIsCopiedOnceAfterTheButtonIsReleasedAndTheSettleTime() throws {
        let harness = try harness(.primaryToClipboard)
        let owner = harness.newOwner()
        harness.source.gesture = true
        for _ in 0..<5 {
            #expect(harness.take(.primary, owner: owner) == nil, "no read while the button is held")
            harness.advance(0.05)
        }
        harness.source.gesture = false
        harness.advance(0.05)
        harness.answer(harness.source.started.last, "dragged text")
        #expect(try harness.texts() == ["dragged text"])
        harness.advance(0.1)
        #expect(harness.source.owned.isEmpty, "not before select-settle")
        harness.advance(0.3)
        #expect(harness.source.owned.map(\.text) == ["dragged text"])
        #expect(harness.source.owned.first?.selections == [.clipboard])
        harness.advance(1)
        #expect(harness.source.owned.count == 1)
    }

    @Test func aNewOwnerWithinTheSettleTimeVoidsThePendingCopy() throws {
        let harness = try harness(.primaryToClipboard)
        harness.copy("first", .primary)
        harness.advance(0.1)
        harness.copy("second", .primary)
        harness.advance(0.35)
        #expect(harness.source.owned.map(\.text) == ["second"])
    }

    @Test func aSelectionWhoseOwnerLeftIsNotCopied() throws {
        let harness = try harness(.primaryToClipboard)
        harness.copy("gone soon", .primary)
        harness.source.owners[.primary] = nil
        harness.advance(0.5)
        #expect(harness.source.owned.isEmpty)
    }

    @Test func bothDirectionsDoNotReadTheirOwnCopyBack() throws {
        let harness = try harness(.both)
        harness.copy("ctrl+c", .clipboard)
        harness.advance(0.35)
        #expect(harness.source.owned.map(\.selections) == [[.primary]])
        harness.policy.ownerChanged(
            OwnerChange(selection: .primary, kind: .newOwner, owner: FakeSelectionSource.ourWindow, isOurs: true, time: 0))
        harness.advance(1)
        #expect(harness.source.owned.count == 1)
        #expect(harness.source.started.count == 1)
        #expect(try harness.texts() == ["ctrl+c"])
    }

    @Test func aPasswordHintedSelectionIsNeitherStoredNorCopied() throws {
        let harness = try harness(.primaryToClipboard)
        harness.answer(harness.take(.primary), "hunter2", targets: ["TARGETS", "UTF8_STRING", "x-kde-passwordManagerHint"])
        harness.advance(1)
        #expect(harness.source.owned.isEmpty)
        #expect(try harness.texts().isEmpty)
    }

    @Test func offCopiesNothing() throws {
        let harness = try harness(.off, selections: [.clipboard, .primary])
        harness.copy("selected", .primary)
        harness.copy("copied", .clipboard)
        harness.advance(1)
        #expect(harness.source.owned.isEmpty)
    }

    @Test func theWatchedSelectionsIncludeTheSource() {
        var config = Config()
        #expect(config.watchedSelections == [.clipboard])
        config.syncSelections = .primaryToClipboard
        #expect(config.watchedSelections == [.clipboard, .primary])
        config.syncSelections = .clipboardToPrimary
        config.selections = [.primary]
        #expect(config.watchedSelections == [.primary, .clipboard])
    }
}
