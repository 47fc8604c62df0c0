import CopypastaCore
import Testing

@testable import CopypastaDaemon
@testable import CopypastaX11

/// What the capture policy does with a finished clipboard save: its text is history like a
/// capture, stored once with the capture of the same copy, under the same rules.
@Suite struct ClipboardSavePolicyTests {
    static func report(
        _ read: SelectionRead, text: String?, targets: [String] = ["UTF8_STRING", "text/html"],
        taken: Bool = true, stalled: Bool = false, app: String = "Picker"
    ) -> SaveReport {
        var read = read
        read.classNames = [app.lowercased(), app]
        return SaveReport(
            read: read, text: text, repaired: false, targets: targets, overCap: [], stalled: stalled, refusal: nil, taken: taken)
    }

    /// A read of the save, as the connection makes one: the exiting owner, the next id.
    static func saveRead(_ harness: CaptureHarness) -> SelectionRead {
        SelectionRead(
            id: ReadID(value: 1000), selection: .clipboard, owner: harness.newOwner(), changedAt: .now(), classNames: [])
    }

    @Test func theSavedTextIsStoredOnceWithTheCaptureOfTheSameCopy() throws {
        let harness = try CaptureHarness()
        harness.copy("picked emoji")
        harness.policy.clipboardSaved(Self.report(Self.saveRead(harness), text: "picked emoji"))
        #expect(try harness.texts() == ["picked emoji"])
        #expect(harness.log.contains("saved the clipboard of an exiting application"))
    }

    @Test func aSaveWhoseCaptureWasMissedStoresTheText() throws {
        let harness = try CaptureHarness()
        harness.policy.clipboardSaved(Self.report(Self.saveRead(harness), text: "only saved"))
        #expect(try harness.texts() == ["only saved"])
    }

    @Test func ignoreRulesApplyToSavesToo() throws {
        let harness = try CaptureHarness { $0.ignoreApps = ["Picker"] }
        harness.policy.clipboardSaved(Self.report(Self.saveRead(harness), text: "ignored"))
        let hinted = Self.report(
            Self.saveRead(harness), text: "secret", targets: ["UTF8_STRING", "x-kde-passwordManagerHint"], app: "Vault")
        harness.policy.clipboardSaved(hinted)
        #expect(try harness.texts().isEmpty)
    }

    @Test func nothingIsStoredWhenClipboardIsNotWatchedOrTheSaveFailed() throws {
        let harness = try CaptureHarness { $0.selections = [.primary] }
        harness.policy.clipboardSaved(Self.report(Self.saveRead(harness), text: "not watched"))
        let other = try CaptureHarness()
        other.policy.clipboardSaved(Self.report(Self.saveRead(other), text: nil, taken: false, stalled: true))
        #expect(try harness.texts().isEmpty && other.texts().isEmpty)
        #expect(other.log.contains("could not save the clipboard") && other.log.contains("stopped answering"))
    }
}
