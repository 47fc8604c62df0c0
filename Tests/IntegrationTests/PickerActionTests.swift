import Glibc
import TestSupport
import Testing

/// The picker window's actions besides the keys of PickerWindowTests: the right-click menu,
/// Ctrl+Enter, a multi-selection pasted in the order chosen, `pick-close` and the scroll wheel,
/// under Xvfb with real clicks and keys (rows start 40 pixels down and are 29 high at the
/// default font and 96 dpi).
@Suite(.serialized) struct PickerActionTests {
    static let rowTop = 40
    static let rowHeight = 29

    /// The y of the middle of visible row `row`.
    static func rowY(_ row: Int) -> Int { rowTop + row * rowHeight + rowHeight / 2 }

    private func add(_ desktop: Desktop, _ texts: String...) throws {
        for text in texts { #expect(try desktop.cli.run("add", text).status == 0) }
    }

    /// Opens the right-click menu on visible row `row` and clicks its item `item` (the order of
    /// the menu: copy, paste, type, pin, tags, delete), where PickerPainter.paintMenu draws it.
    private func menu(_ picker: PickerSession, row: Int, item: Int) throws {
        let width = try picker.width()
        try picker.click(3, x: 100, y: Self.rowY(row))
        let top = Self.rowTop + (row + 1) * Self.rowHeight
        try picker.click(1, x: width - 8 - width / 5, y: top + item * Self.rowHeight + Self.rowHeight / 2)
    }

    @Test func theRightClickMenuPinsTagsCopiesAndDeletes() throws {
        let desktop = try Desktop(config: "feedback = none\npick-close = stay\n")
        try desktop.startDaemon()
        try add(desktop, "entry 1", "entry 2", "entry 3")
        let picker = try PickerSession(desktop)
        try menu(picker, row: 0, item: 3)
        #expect(waitUntil { (try? desktop.sql("SELECT pinned FROM entry WHERE id = 3")) == "1" })
        try menu(picker, row: 0, item: 4)
        try picker.type("from-menu")
        try picker.keys("Return")
        let tags = "SELECT group_concat(t.name) FROM entry_tag et JOIN tag t ON t.id = et.tag_id WHERE et.entry_id = 3"
        #expect(waitUntil { (try? desktop.sql(tags)) == "from-menu" })
        try menu(picker, row: 1, item: 0)
        #expect(picker.waitFor("copied") { $0 == "2" })
        #expect(waitUntil(seconds: 20) { (try? desktop.paste().output) == "entry 2" })
        try menu(picker, row: 0, item: 5)
        #expect(waitUntil { (try? desktop.sql("SELECT trashed_at IS NOT NULL FROM entry WHERE id = 3")) == "1" })
        #expect(picker.waitFor("rows") { $0 == "2" })
        try picker.keys("Escape")
        #expect(picker.process.wait(seconds: 10) == 1)
    }

    /// Ctrl+Enter types, the menu's Paste and Type do what Shift+Enter and Ctrl+Enter do, and
    /// several chosen entries are pasted one after another in the order chosen, not the list's.
    @Test func typingPastingFromTheMenuAndAMultiSelectionReachTheFocusedWindow() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let gtk = try focusedTextEntry(desktop)
        try desktop.startDaemon()
        try add(desktop, "one")
        var picker = try PickerSession(desktop)
        try picker.keys("ctrl+Return")
        #expect(gtk.waitForLine("text \"one\"", seconds: 30) != nil)
        #expect(picker.process.wait(seconds: 20) == 0)
        try add(desktop, "two")
        picker = try PickerSession(desktop)
        try menu(picker, row: 0, item: 1)
        #expect(gtk.waitForLine("text \"onetwo\"", seconds: 30) != nil)
        #expect(picker.process.wait(seconds: 20) == 0)
        try add(desktop, "three")
        picker = try PickerSession(desktop)
        try menu(picker, row: 0, item: 2)
        #expect(gtk.waitForLine("text \"onetwothree\"", seconds: 30) != nil)
        #expect(picker.process.wait(seconds: 20) == 0)
        try add(desktop, "four", "five")
        picker = try PickerSession(desktop)
        try picker.keys("Down", "ctrl+space", "Up", "ctrl+space")
        #expect(picker.waitFor("marked") { $0.split(separator: ",").count == 2 })
        try picker.keys("shift+Return")
        #expect(gtk.waitForLine("text \"onetwothreefourfive\"", seconds: 30) != nil)
        #expect(picker.process.wait(seconds: 20) == 0)
    }

    /// `pick-close = stay` keeps the window open after the feedback; `at-once` closes it without
    /// painting the feedback.
    @Test(arguments: ["stay", "at-once"])
    func pickClose(setting: String) throws {
        let desktop = try Desktop(config: "feedback = none\npick-close = \(setting)\n")
        try desktop.startDaemon()
        try add(desktop, "entry 1", "entry 2")
        let picker = try PickerSession(desktop)
        try picker.keys("Down", "Return")
        #expect(waitUntil(seconds: 20) { (try? desktop.paste().output) == "entry 1" })
        if setting == "stay" {
            #expect(picker.waitFor("copied") { $0 == "1" })
            #expect(!waitUntil(seconds: 2) { picker.process.exitStatusIfExited() != nil }, "open past the feedback")
            try picker.keys("Escape")
            #expect(picker.process.wait(seconds: 10) == 1)
        } else {
            #expect(picker.process.wait(seconds: 10) == 0)
            #expect(picker.paints.allSatisfy { $0["copied"] == "0" }, "no feedback painted")
        }
    }

    /// The wheel scrolls the list three rows a step (a click then lands on the row now there), and
    /// scrolling near the end of the loaded rows reads the next page.
    @Test func theScrollWheelScrollsTheListAndReadsTheNextPage() throws {
        let desktop = try Desktop(config: "feedback = none\npick-close = stay\n")
        try desktop.startDaemon()
        let lines = (1...260).reversed().map { "{\"text\":\"entry \($0)\"}" }.joined(separator: "\n") + "\n"
        #expect(try desktop.cli.run(["import", "-"], input: Array(lines.utf8)).status == 0)
        let picker = try PickerSession(desktop)
        #expect(picker.lastPaint?["rows"] == "100")
        try picker.click(5, x: 100, y: Self.rowY(1), times: 40)
        #expect(picker.waitFor("rows") { (Int($0) ?? 0) > 100 }, "the next page is read near the end")
        try picker.keys("ctrl+Home")
        try picker.click(5, x: 100, y: Self.rowY(1), times: 2)
        try picker.click(4, x: 100, y: Self.rowY(1))
        try picker.click(1, x: 100, y: Self.rowY(0))
        #expect(waitUntil(seconds: 20) { (try? desktop.paste().output) == "entry 257" }, "three rows down, the fourth on top")
        try picker.keys("Escape")
        #expect(picker.process.wait(seconds: 10) == 1)
    }
}
