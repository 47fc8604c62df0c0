import Glibc
import TestSupport
import Testing

/// Selecting with the mouse in a real xterm whose selections go to CLIPBOARD
/// (`selectToClipboard`), clicked with xdotool.
@Suite(.serialized) struct XtermSelectionTests {
    static let line = "221B Baker Street, London"

    /// An xterm of class `name` at `y`, in the `fixed` font (6×13 pixels), showing `line` on its first row.
    /// Each test clicks in a window of its own: xterm counts clicks in quick succession as one
    /// multi-click (the fourth selects more than the line).
    private func xterm(_ desktop: Desktop, _ name: String = "XTerm", y: Int = 0) throws -> String {
        try desktop.startXterm(name, showing: Self.line, y: y, resources: ["\(name)*selectToClipboard: true"])
    }

    /// Clicks button 1 `count` times at character `column` of `row` in `window`.
    private func click(_ desktop: Desktop, _ window: String, row: Int, column: Int, count: Int) throws {
        let x = String(2 + column * 6 + 3), y = String(2 + row * 13 + 6)
        #expect(try desktop.tool(["xdotool", "mousemove", "--window", window, "--sync", x, y]) == 0)
        #expect(try desktop.tool(["xdotool", "click", "--repeat", String(count), "--delay", "60", "1"]) == 0)
    }

    /// A click whose pointer slips down a row before the button comes up: xterm selects the
    /// line end between the rows, a lone newline.
    private func strayClick(_ desktop: Desktop, _ window: String) throws {
        let arguments = [
            "xdotool", "mousemove", "--window", window, "--sync", "20", "36", "mousedown", "1", "mousemove", "--window", window,
            "22", "50", "mouseup", "1",
        ]
        #expect(try desktop.tool(arguments) == 0)
    }

    @Test func aTripleClickStoresTheLineAndAStrayClickNothing() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.startDaemon()
        let window = try xterm(desktop)
        try click(desktop, window, row: 0, column: 7, count: 3)
        #expect(desktop.waitForLog("replaced"), "the line replaces the word: \(desktop.log)")
        #expect(try desktop.entryCount() == 1, "\(desktop.log)")
        #expect(try desktop.cli.run("show", "2").output == Self.line + "\n")
        try strayClick(desktop, try xterm(desktop, "StrayTerm", y: 200))
        #expect(desktop.waitForLog("white space only"), "\(desktop.log)")
        #expect(try desktop.entryCount() == 1, "\(desktop.log)")
    }

    @Test func keepBlankStoresAStrayClicksNewline() throws {
        let desktop = try Desktop(config: "feedback = none\nkeep-blank = yes\n")
        try desktop.startDaemon()
        let window = try xterm(desktop)
        try strayClick(desktop, window)
        #expect(try desktop.waitForEntries(1), "\(desktop.log)")
        #expect(try desktop.cli.run("show", "1").output == "\n")
    }
}
