import Glibc
import TestSupport
import Testing

/// `copypasta pick` with copypasta's own window (copypasta-picker) under Xvfb: real keys and
/// clicks, the clipboard and the database checked after each action, and a screenshot for the
/// checkmark and the accent.
@Suite(.serialized) struct PickerWindowTests {
    static let check: UInt32 = 0x1FC83C
    static let accent: UInt32 = 0x356AE0

    /// Adds `count` entries "entry 1" … through one import, the newest with the highest number.
    private func fill(_ desktop: Desktop, count: Int) throws {
        let lines = (1...count).reversed().map { "{\"text\":\"entry \($0)\"}" }.joined(separator: "\n") + "\n"
        let added = try desktop.cli.run(["import", "-"], input: Array(lines.utf8))
        #expect(added.status == 0, "\(added.stderr)")
    }

    /// Adds "entry 1", "entry 2", … one by one (ids 1, 2, …).
    private func add(_ desktop: Desktop, count: Int) throws {
        for number in 1...count { #expect(try desktop.cli.run("add", "entry \(number)").status == 0) }
    }

    /// A running daemon with "entry 1" … "entry `count`" added one by one, and the picker open.
    private func pickerOn(_ count: Int, config: String = "feedback = none\n") throws -> (Desktop, PickerSession) {
        let desktop = try Desktop(config: config)
        try desktop.startDaemon()
        try add(desktop, count: count)
        return (desktop, try PickerSession(desktop))
    }

    @Test func searchPageCopyWithTheCheckmarkThenEscape() throws {
        let desktop = try Desktop(config: "feedback = none\npick-close = stay\n")
        try desktop.startDaemon()
        try fill(desktop, count: 260)
        let picker = try PickerSession(desktop)
        #expect(picker.lastPaint?["rows"] == "100", "only the first page is read")
        try picker.keys("Page_Down", "Page_Down", "ctrl+End")
        #expect(picker.waitFor("rows") { (Int($0) ?? 0) > 100 }, "the next page is read near the end")
        try picker.type("entry 137")
        #expect(picker.waitFor("query") { $0 == "entry 137" })
        #expect(picker.waitFor("preview") { $0 != "0" })
        try picker.keys("Return")
        #expect(picker.waitFor("copied") { $0 != "0" })
        #expect(waitUntil(seconds: 20) { (try? desktop.paste().output) == "entry 137" })
        let counts = try picker.pixels([Self.check, Self.accent])
        #expect(counts[0] > 40, "the green checkmark is on the screen")
        #expect(counts[1] > 2000, "the copied row has the accent")
        try picker.keys("Escape")
        #expect(picker.process.wait(seconds: 10) == 1)
        #expect(try desktop.paste().output == "entry 137")
    }

    /// Escape, and a click on another part of the screen (a focus loss, through the pointer
    /// grab), close the picker without changing anything.
    @Test(arguments: ["Escape", "click elsewhere"])
    func closingChangesNothing(how: String) throws {
        let desktop = try Desktop(config: "feedback = none\n")
        try desktop.startDaemon()
        try add(desktop, count: 3)
        try desktop.xclip(Array("current".utf8))
        #expect(try desktop.waitForEntries(4))
        let picker = try PickerSession(desktop)
        if how == "Escape" {
            try picker.keys("Down", "Escape")
        } else {
            #expect(try desktop.tool(["xdotool", "mousemove", "1", "1", "click", "1"]) == 0)
        }
        #expect(picker.process.wait(seconds: 10) == 1)
        #expect(try desktop.paste().output == "current")
        #expect(try desktop.sql("SELECT sum(use_count) FROM entry") == "0")
    }

    @Test func deleteUndoPinAndMergeInTheOrderChosen() throws {
        let (desktop, picker) = try pickerOn(3)
        try picker.keys("Delete")
        #expect(waitUntil { (try? desktop.sql("SELECT trashed_at IS NOT NULL FROM entry WHERE id = 3")) == "1" })
        #expect(picker.waitFor("rows") { $0 == "2" })
        try picker.keys("ctrl+z")
        #expect(waitUntil { (try? desktop.sql("SELECT trashed_at IS NULL FROM entry WHERE id = 3")) == "1" })
        #expect(picker.waitFor("rows") { $0 == "3" })
        try picker.keys("ctrl+p")
        #expect(waitUntil { (try? desktop.sql("SELECT pinned FROM entry WHERE id = 3")) == "1" })
        try picker.keys("Down", "ctrl+space", "Up", "ctrl+space")
        #expect(picker.waitFor("marked") { $0 == "2,3" })
        try picker.keys("Return")
        #expect(picker.process.wait(seconds: 10) == 0, "the window closes after the feedback")
        #expect(try desktop.paste().output == "entry 2\nentry 3")
        #expect(try desktop.sql("SELECT count(*) FROM entry") == "4")
    }

    /// Ctrl+T edits the tags; a click on a row copies it (rows start 40 pixels down, 29 high, at
    /// the default font and 96 dpi).
    @Test func tagsAndAClick() throws {
        let (desktop, picker) = try pickerOn(2, config: "feedback = none\npick-close = stay\n")
        try picker.keys("ctrl+t")
        try picker.type("work later")
        try picker.keys("Return")
        let tags = "SELECT group_concat(t.name, ' ') FROM entry_tag et JOIN tag t ON t.id = et.tag_id WHERE et.entry_id = 2"
        #expect(waitUntil { (try? desktop.sql(tags)) == "work later" })
        try picker.click(1, x: 100, y: 40 + 29 + 14)
        #expect(picker.waitFor("copied") { $0 == "1" })
        #expect(waitUntil(seconds: 20) { (try? desktop.paste().output) == "entry 1" })
        try picker.keys("Escape")
        #expect(picker.process.wait(seconds: 10) == 1)
    }

    @Test func shiftEnterPastesIntoTheWindowThatHadTheFocus() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        desktop.extraEnvironment = ["NO_AT_BRIDGE": "1", "GDK_BACKEND": "x11"]
        let openbox = try desktop.start(["openbox", "--sm-disable"], captureOutput: false)
        #expect(waitUntil(seconds: 20) { (try? desktop.tool(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"])) == 0 })
        _ = openbox
        try desktop.startDaemon()
        let script = String(#filePath).replacing("/IntegrationTests/PickerWindowTests.swift", with: "/gtk-entry.py")
        let gtk = try desktop.start(["/usr/bin/python3", script])
        #expect(gtk.waitForLine("ready", seconds: 60) != nil)
        #expect(try desktop.cli.run("add", "pasted from the picker ✓").status == 0)
        let picker = try PickerSession(desktop)
        try picker.keys("shift+Return")
        #expect(gtk.waitForLine("text \"pasted from the picker \\u2713\"", seconds: 30) != nil)
        #expect(picker.process.wait(seconds: 20) == 0)
    }
}
