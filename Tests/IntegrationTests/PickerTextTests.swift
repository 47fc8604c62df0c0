import Glibc
import TestSupport
import Testing

/// The picker window's text stack under Xvfb: font fallback for emoji, CJK and right-to-left
/// scripts, and HiDPI through Xft.dpi.
@Suite(.serialized) struct PickerTextTests {
    private func add(_ desktop: Desktop, _ texts: [String]) throws {
        for text in texts { #expect(try desktop.cli.run("add", text).status == 0) }
    }

    /// Arabic, Hebrew, Chinese and Japanese, and a colour emoji, are drawn with glyphs: Pango
    /// found a font for every character it painted (the trace counts the missing-glyph boxes, and
    /// does count them for characters no font has), and the emoji is in colour on the screen.
    @Test func emojiCJKAndRightToLeftTextAreDrawnWithGlyphs() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.startDaemon()
        try add(desktop, ["مرحبا بالعالم", "שלום עולם", "漢字とかな 中文", "party 🎉🎉🎉"])
        var picker = try PickerSession(desktop)
        #expect(picker.lastPaint?["missing"] == "0")
        let screen = try picker.screenshot()
        let yellow = screen.count { $0.red > 200 && $0.green > 120 && $0.blue < 100 && $0.red - $0.blue > 120 }
        #expect(yellow > 30, "the emoji is drawn in colour, not as a box")
        try picker.keys("Escape")
        #expect(picker.process.wait(seconds: 10) == 1)
        // The control: characters of a private-use plane that no font has are counted.
        try add(desktop, ["\u{10FFFD}\u{10FFFD} no font has these"])
        picker = try PickerSession(desktop)
        #expect(picker.lastPaint.flatMap { $0["missing"] }.flatMap { Int($0) } ?? 0 >= 2)
        try picker.keys("Escape")
        #expect(picker.process.wait(seconds: 10) == 1)
    }

    /// With Xft.dpi 192 in the X resources (as a HiDPI desktop sets it) the selected row, a bar
    /// of the accent across the window, is twice as high as at 96.
    @Test func xftDpiScalesTheRows() throws {
        var heights: [Int] = []
        for dpi in [96, 192] {
            let desktop = try Desktop(config: "feedback = none\n")
            try desktop.startDaemon()
            try add(desktop, ["entry 1", "entry 2", "entry 3"])
            let resources = desktop.file("resources", Array("Xft.dpi: \(dpi)\n".utf8))
            #expect(try desktop.tool(["xrdb", "-merge", resources]) == 0)
            let picker = try PickerSession(desktop)
            heights.append(try picker.screenshot().tallestColumn(of: PickerWindowTests.accent))
            try picker.keys("Escape")
            #expect(picker.process.wait(seconds: 10) == 1)
        }
        #expect(heights[0] >= 20 && abs(heights[1] - 2 * heights[0]) <= 1, "row heights \(heights)")
    }
}
