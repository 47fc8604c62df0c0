import CopypastaCore
import Testing

@testable import CopypastaDaemon
@testable import CopypastaX11

/// xterm's select-to-clipboard: a double then triple click is one entry, a stray click none.
@Suite struct SelectionGrowthTests {
    @Test func aClipboardSelectionGrowingFromTheSameOwnerReplacesItsEntry() throws {
        let harness = try CaptureHarness()
        let xterm = harness.newOwner()
        harness.copy("Baker", owner: xterm, app: "XTerm")
        harness.advance(0.3)
        harness.copy("221B Baker Street", owner: xterm, app: "XTerm")
        #expect(try harness.texts() == ["221B Baker Street"])
        #expect(harness.log.contains("replaced", "selection=clipboard"))
    }

    @Test func anotherOwnerALaterCopyOrAnUnrelatedTextKeepsBothEntries() throws {
        let harness = try CaptureHarness()
        let xterm = harness.newOwner()
        harness.copy("Baker", owner: xterm)
        harness.copy("Baker Street", owner: harness.newOwner())
        harness.advance(2.5)
        harness.copy("221B Baker Street", owner: xterm)
        harness.advance(0.3)
        harness.copy("London", owner: xterm)
        #expect(try harness.texts() == ["London", "221B Baker Street", "Baker Street", "Baker"])
    }

    /// The server may give a closed client's window id to the next client: that is another owner.
    @Test func aGrowingTextFromAnOwnerThatWentAwayIsANewEntry() throws {
        let harness = try CaptureHarness { $0.keepAlive = false }
        let window = harness.newOwner()
        harness.copy("loop", owner: window)
        harness.ownerGone()
        harness.copy("after the loop", owner: window)
        #expect(try harness.texts() == ["after the loop", "loop"])
    }

    @Test func aShrinkingClipboardSelectionIsANewEntry() throws {
        let harness = try CaptureHarness()
        let editor = harness.newOwner()
        harness.copy("221B Baker Street", owner: editor)
        harness.copy("Baker", owner: editor)
        #expect(try harness.texts() == ["Baker", "221B Baker Street"])
    }

    @Test func whiteSpaceOnlyIsSkippedUnlessKeepBlank() throws {
        let harness = try CaptureHarness()
        harness.copy("\n")
        harness.copy(" \t ", .primary)
        harness.copy("kept")
        #expect(try harness.texts() == ["kept"])
        #expect(harness.log.contains("skipped", "reason=white space only (keep-blank is off)"))
        let keeping = try CaptureHarness { $0.keepBlank = true }
        keeping.copy("\n")
        #expect(try keeping.texts() == ["\n"])
    }
}
