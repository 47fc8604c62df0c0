import TestSupport
import Testing

/// PRIMARY selections that grow during a gesture, against a real Xvfb and database file.
@Suite(.serialized) struct PrimarySelectionTests {
    /// Selecting the text of an existing (added, tagged) entry moves it to the top; growing that
    /// selection must then add a new entry, never replace the one that existed before.
    @Test func growingASelectionOfAnExistingEntryKeepsThatEntryAndItsTag() throws {
        let desktop = try Desktop(config: "selections = clipboard, primary\n")
        try desktop.startDaemon()
        #expect(try desktop.cli.run("add", "--tag", "important", "ssh deploy@prod").output == "1\n")
        try desktop.xclip(Array("ssh deploy@prod".utf8), selection: "primary")
        #expect(desktop.waitForLog("moved to top"), "\(desktop.log)")
        try desktop.xclip(Array("ssh deploy@prod -p 2222".utf8), selection: "primary")
        #expect(try desktop.waitForEntries(2), "\(desktop.log)")
        #expect(desktop.waitForLog("captured"), "\(desktop.log)")
        #expect(try desktop.cli.run("show", "1").output == "ssh deploy@prod")
        #expect(try desktop.cli.run("list", "--tag", "important").output == "1\tssh deploy@prod\n")
        #expect(try desktop.entryCount() == 2)
        #expect(!desktop.log.contains("replaced"), "\(desktop.log)")
    }

    /// The merge itself still works for a selection the gesture created: one entry, the last state.
    @Test func growingANewSelectionStillReplacesItsOwnPartialEntry() throws {
        let desktop = try Desktop(config: "selections = clipboard, primary\n")
        try desktop.startDaemon()
        try desktop.xclip(Array("ssh".utf8), selection: "primary")
        #expect(desktop.waitForLog("captured"), "\(desktop.log)")
        try desktop.xclip(Array("ssh deploy@prod".utf8), selection: "primary")
        #expect(desktop.waitForLog("replaced"), "\(desktop.log)")
        #expect(try desktop.entryCount() == 1)
        #expect(try desktop.cli.run("list").output.hasSuffix("\tssh deploy@prod\n"))
    }
}
