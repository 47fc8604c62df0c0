import Glibc
import TestSupport
import Testing

/// `sync-selections` (copy-on-select) against real xterm and GTK selections under Xvfb, with
/// synthetic drags from xdotool and the selections read back with xclip.
@Suite(.serialized) struct CopyOnSelectTests {
    static let line = "221B Baker Street, London"

    /// An xterm of class `name` (plain, PRIMARY only) in the `fixed` font showing `line`; its window id.
    private func xterm(_ desktop: Desktop, _ name: String) throws -> String {
        try desktop.startXterm(name, showing: Self.line)
    }

    /// Drags button 1 across `window` on row `y` from `fromX` to `toX`, one motion every 4 pixels.
    private func drag(_ desktop: Desktop, _ window: String, y: Int, fromX: Int, toX: Int) throws {
        var arguments = ["xdotool", "mousemove", "--window", window, "--sync", String(fromX), String(y), "mousedown", "1"]
        for x in stride(from: fromX + 4, through: toX, by: 4) {
            arguments += ["mousemove", "--window", window, String(x), String(y), "sleep", "0.01"]
        }
        arguments += ["mouseup", "1"]
        #expect(try desktop.tool(arguments) == 0)
    }

    /// Drags across the first ten characters of the xterm's first row (6×13 cells).
    private func dragInXterm(_ desktop: Desktop, _ window: String) throws {
        try drag(desktop, window, y: 8, fromX: 4, toX: 2 + 9 * 6 + 4)
    }

    private func read(_ desktop: Desktop, _ selection: String) -> String? {
        guard let result = try? desktop.paste(selection: selection, timeout: 10), result.status == 0 else { return nil }
        return result.output
    }

    /// Starts the daemon, copies `text` to CLIPBOARD as Ctrl+C does and checks that the daemon
    /// copied it onto PRIMARY.
    private func copyOntoPrimary(_ desktop: Desktop, _ text: String) throws {
        try desktop.startDaemon()
        try desktop.xclip(Array(text.utf8))
        #expect(desktop.waitForLog("copied CLIPBOARD onto PRIMARY"), "\(desktop.log)")
        #expect(read(desktop, "primary") == text)
    }

    @Test func aDragInXtermBecomesTheClipboardOnceAndXtermKeepsPrimary() throws {
        let desktop = try Desktop(config: "feedback = none\nsync-selections = primary-to-clipboard\n")
        try desktop.startDaemon()
        let window = try xterm(desktop, "SelTerm")
        try dragInXterm(desktop, window)
        #expect(desktop.waitForLog("copied PRIMARY onto CLIPBOARD"), "\(desktop.log)")
        let clipboard = try #require(read(desktop, "clipboard"))
        #expect(clipboard.hasPrefix("221B Bake"), "\(clipboard)")
        #expect(read(desktop, "primary") == clipboard)
        // xterm still owns PRIMARY (its highlight stays): it offers COMPOUND_TEXT, copypasta does not.
        #expect(try desktop.paste(target: "TARGETS", selection: "primary").output.contains("COMPOUND_TEXT"))
        #expect(try !desktop.paste(target: "TARGETS").output.contains("COMPOUND_TEXT"))
        #expect(try desktop.entryCount() == 1, "one entry for the drag: \(desktop.log)")
        #expect(desktop.log.occurrences(of: "copied ") == 1, "\(desktop.log)")
        #expect(try desktop.sql("SELECT source FROM entry") == "primary")
    }

    /// GTK 3 ignores xdotool's synthetic drags (its drag gesture never starts under Xvfb), so the
    /// GTK selection is made with a triple click: the word, then the whole line, one copy of the last.
    @Test func aTripleClickInAGtkEntryBecomesTheClipboardOnce() throws {
        let desktop = try Desktop(config: "feedback = none\nsync-selections = primary-to-clipboard\n")
        desktop.extraEnvironment = ["NO_AT_BRIDGE": "1", "GDK_BACKEND": "x11"]
        let script = String(#filePath).replacing("/IntegrationTests/CopyOnSelectTests.swift", with: "/gtk-entry.py")
        let gtk = try desktop.start(["/usr/bin/python3", script])
        #expect(gtk.waitForLine("ready", seconds: 60) != nil)
        try desktop.startDaemon()
        #expect(try desktop.tool(["xdotool", "type", "--delay", "20", "select me in GTK"]) == 0)
        #expect(gtk.waitForLine("text \"select me in GTK\"", seconds: 30) != nil)
        let search = try Child(["xdotool", "search", "--sync", "--name", "copypasta-gtk-test"], environment: desktop.environment)
            .communicate(timeout: 30).output
        let window = try #require(search.split(separator: "\n").first.map(String.init))
        #expect(try desktop.tool(["xdotool", "mousemove", "--window", window, "--sync", "30", "17"]) == 0)
        #expect(try desktop.tool(["xdotool", "click", "--repeat", "3", "--delay", "80", "1"]) == 0)
        #expect(desktop.waitForLog("copied PRIMARY onto CLIPBOARD"), "\(desktop.log)")
        #expect(read(desktop, "clipboard") == "select me in GTK", "\(desktop.log)")
        #expect(!desktop.waitForLog("copied ", times: 2, seconds: 1), "\(desktop.log)")
        #expect(try desktop.entryCount() == 1, "\(desktop.log)")
    }

    @Test func bothDirectionsNeverLoop() throws {
        let desktop = try Desktop(config: "feedback = none\nsync-selections = both\nselect-settle = 100ms\n")
        try copyOntoPrimary(desktop, "copied with ctrl+c")
        // Our own PRIMARY is never read back onto CLIPBOARD: no second copy within a second.
        #expect(!desktop.waitForLog("copied ", times: 2, seconds: 1), "\(desktop.log)")
        #expect(read(desktop, "clipboard") == "copied with ctrl+c")
        #expect(try desktop.entryCount() == 1, "\(desktop.log)")
        let window = try xterm(desktop, "BothTerm")
        try dragInXterm(desktop, window)
        #expect(desktop.waitForLog("copied PRIMARY onto CLIPBOARD"), "\(desktop.log)")
        #expect(read(desktop, "clipboard")?.hasPrefix("221B Bake") == true)
        #expect(!desktop.waitForLog("copied ", times: 3, seconds: 1), "\(desktop.log)")
        #expect(try desktop.entryCount() == 2, "\(desktop.log)")
    }

    @Test func clipboardToPrimaryPutsACopyOnPrimary() throws {
        let desktop = try Desktop(config: "feedback = none\nsync-selections = clipboard-to-primary\n")
        try copyOntoPrimary(desktop, "middle-click me")
        #expect(try desktop.entryCount() == 1)
        // copypasta's own copy (a restore) is not copied back onto PRIMARY.
        #expect(try desktop.cli.run("add", "--copy", "restored by copypasta").status == 0)
        #expect(read(desktop, "clipboard") == "restored by copypasta")
        #expect(!desktop.waitForLog("copied ", times: 2, seconds: 1), "\(desktop.log)")
        #expect(read(desktop, "primary") == "middle-click me")
    }

    /// Checks that the daemon skipped a selection for `reason` and copied nothing: CLIPBOARD still
    /// holds "before", the only entry.
    private func expectSkipped(_ desktop: Desktop, _ reason: String) throws {
        #expect(desktop.waitForLog(reason), "\(desktop.log)")
        #expect(!desktop.waitForLog("copied ", seconds: 1), "\(desktop.log)")
        #expect(read(desktop, "clipboard") == "before")
        #expect(try desktop.entryCount() == 1)
    }

    @Test func anIgnoredApplicationsSelectionIsNotCopied() throws {
        let desktop = try Desktop(config: "feedback = none\nsync-selections = primary-to-clipboard\nignore-apps = SecretTerm\n")
        try desktop.startDaemon()
        try desktop.xclip(Array("before".utf8))
        #expect(try desktop.waitForEntries(1))
        let window = try xterm(desktop, "SecretTerm")
        try dragInXterm(desktop, window)
        try expectSkipped(desktop, "ignored app")
    }

    @Test func aPasswordHintedPrimaryIsNotCopied() throws {
        let desktop = try Desktop(config: "feedback = none\nsync-selections = primary-to-clipboard\n")
        try desktop.startDaemon()
        try desktop.xclip(Array("before".utf8))
        #expect(try desktop.waitForEntries(1))
        let hinted = try desktop.start([TestOwner.path, "normal", "--primary", "--hint", "--text", "hunter2"])
        #expect(hinted.waitForLine("owned") != nil)
        try expectSkipped(desktop, "password manager hint")
    }

    @Test func aReloadTurnsCopyOnSelectOn() throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let daemon = try desktop.startDaemon()
        desktop.sandbox.write("config/copypasta/copypasta.conf", "feedback = none\nsync-selections = clipboard-to-primary\n")
        daemon.signal(SIGHUP)
        #expect(desktop.waitForLog("configuration reloaded"), "\(desktop.log)")
        try desktop.xclip(Array("after the reload".utf8))
        #expect(desktop.waitForLog("copied CLIPBOARD onto PRIMARY"), "\(desktop.log)")
        #expect(read(desktop, "primary") == "after the reload")
    }
}
