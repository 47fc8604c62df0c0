import Glibc
import TestSupport
import Testing

/// The clipboard-manager role with real toolkits from Debian: applications that copy and
/// exit at once hand their clipboard over with SAVE_TARGETS, and their copy survives them.
@Suite(.serialized) struct ClipboardManagerTests {
    static let store = ToolkitTests.scripts + "/clipboard_store.py"

    /// Runs the copy-and-exit script for `toolkit` to the end; returns its result and wall time in ms.
    static func copyAndExit(_ desktop: Desktop, _ toolkit: String, _ text: String, size: Int? = nil) throws -> (
        ProcessResult, Double
    ) {
        let started = Clock.now()
        let child = try Child(
            [ToolkitTests.python, store, toolkit, text] + (size.map { [String($0)] } ?? []), environment: desktop.environment)
        let result = child.communicate(timeout: 60)
        return (result, (Clock.now() - started) * 1000)
    }

    static func managedDesktop(_ config: String = "") throws -> Desktop {
        let desktop = try Desktop(config: config)
        desktop.extraEnvironment = ToolkitTests.environment
        try desktop.startDaemon()
        #expect(desktop.log.contains("copypasta is the clipboard manager"), "\(desktop.log)")
        return desktop
    }

    /// A Qt program that copies and exits at once owns CLIPBOARD through a hidden window and has no
    /// named window: the X Resource extension's client pid names it, so `ignore-apps` skips its
    /// copy, neither captured nor saved.
    @Test func ignoreAppsSkipsAQtProgramThatCopiesAndExits() throws {
        let desktop = try Self.managedDesktop("ignore-apps = cpqtstore\n")
        let (result, _) = try Self.copyAndExit(desktop, "qt5", "copied by an ignored Qt program")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(desktop.waitForLog("ignored app cpqtstore"), "\(desktop.log)")
        #expect(try desktop.entryCount() == 0, "\(desktop.log)")
        #expect(!desktop.log.contains("saved the clipboard of an exiting application"), "\(desktop.log)")
    }

    /// Chromium has the code for SAVE_TARGETS, but Debian's Chromium never sends it when it exits
    /// (its last window closed, copypasta holding the role): its copy lives on through keep-alive.
    @Test func chromiumExitsWithoutAskingAndKeepAliveServesItsCopy() throws {
        let desktop = try Self.managedDesktop()
        let browser = try Browser(.chromium, on: desktop)
        #expect(try desktop.tool(["xdotool", "type", "--delay", "20", "copied in Chromium"]) == 0)
        #expect(browser.waitForValue("copied in Chromium"), "\(browser.value ?? "-")")
        #expect(try desktop.tool(["xdotool", "key", "ctrl+a", "ctrl+c"]) == 0)
        #expect(try desktop.waitForEntries(1, seconds: 30), "\(desktop.log)")
        #expect(try desktop.tool(["xdotool", "key", "ctrl+w"]) == 0)
        #expect(browser.child.wait(seconds: 60) != nil, "Chromium did not exit")
        #expect(desktop.waitForLog("keeping the clipboard alive", seconds: 30), "\(desktop.log)")
        #expect(!desktop.log.contains("the clipboard of an exiting application"), "\(desktop.log)")
        #expect(try desktop.paste().output == "copied in Chromium")
    }

    @Test func gtk3StoreReturnsAtOnceAndTheTextOutlivesTheApplication() throws {
        let desktop = try Self.managedDesktop()
        let (result, _) = try Self.copyAndExit(desktop, "gtk3", "héllo from gtk3")
        let stored = result.output.split(separator: " ").last.flatMap { Int($0.trimmingSpaces()) } ?? -1
        // GTK waits 10 s for a manager that does not answer; the goal is under 200 ms (a loaded machine gets some slack).
        #expect(result.status == 0 && stored >= 0 && stored < 1000, "\(result.output) \(result.stderr)\n\(desktop.log)")
        #expect(try desktop.paste().output == "héllo from gtk3", "\(desktop.log)")
        #expect(desktop.waitForLog("saved the clipboard of an exiting application"), "\(desktop.log)")
        // The capture of the copy and the save store the text once.
        #expect(try desktop.entryCount() == 1)
        #expect(try desktop.cli.run("status").output.contains("the clipboard manager"))
    }

    @Test func gtk3HtmlAndTextTargetsAreBothKept() throws {
        let desktop = try Self.managedDesktop()
        let (result, _) = try Self.copyAndExit(desktop, "gtk3-html", "rich")
        #expect(result.status == 0, "\(result.stderr)")
        let targets = try desktop.paste(target: "TARGETS").output.split(separator: "\n")
        #expect(targets.contains("text/html") && targets.contains("UTF8_STRING"), "\(targets)\n\(desktop.log)")
        #expect(try desktop.paste(target: "text/html").output == "<b>rich</b>")
        #expect(try desktop.paste().output == "rich")
    }

    @Test func gtk4StoreAsyncSucceeds() throws {
        let desktop = try Self.managedDesktop()
        let (result, _) = try Self.copyAndExit(desktop, "gtk4", "from gtk4")
        #expect(result.output.hasPrefix("stored ok"), "\(result.output) \(result.stderr)\n\(desktop.log)")
        #expect(try desktop.paste().output == "from gtk4")
    }

    @Test func qt5WithFiveMegabytesExitsWellUnderItsTimeoutWithoutWarning() throws {
        let desktop = try Self.managedDesktop()
        let (result, milliseconds) = try Self.copyAndExit(desktop, "qt5", "q", size: 5_000_000)
        #expect(result.status == 0 && milliseconds < 4000, "\(milliseconds) ms\n\(result.stderr)\n\(desktop.log)")
        #expect(!result.stderr.contains("Unable to receive an event from the clipboard manager"), "\(result.stderr)")
        #expect(try desktop.paste().stdout.count == 5_000_000)
    }

    @Test func qt5OwningOnlyPrimaryIsAnsweredAtOnce() throws {
        let desktop = try Self.managedDesktop()
        let (result, milliseconds) = try Self.copyAndExit(desktop, "qt5-primary", "only primary")
        #expect(result.status == 0 && milliseconds < 4000, "\(milliseconds) ms\n\(result.stderr)")
        #expect(!result.stderr.contains("Unable to receive an event from the clipboard manager"), "\(result.stderr)")
    }

    /// Copy-and-exit tools lost every copy before; with the manager none is lost.
    @Test(arguments: ["gtk3", "qt5"]) func tenCopyAndExitRunsLoseNothing(toolkit: String) throws {
        let desktop = try Self.managedDesktop()
        var kept = 0
        for index in 1...10 {
            let text = "\(toolkit) copy \(index)"
            let (result, _) = try Self.copyAndExit(desktop, toolkit, text)
            #expect(result.status == 0, "\(result.stderr)")
            if try desktop.paste(timeout: 10).output == text { kept += 1 }
        }
        #expect(kept == 10, "\(desktop.log)")
        #expect(try desktop.waitForEntries(10), "\(desktop.log)")
        // No save waited for the watchdog: with the capture's read and the save both asking an
        // exiting Qt 5 at once, Qt answers one and stalls the other.
        #expect(!desktop.log.contains("stalled="), "\(desktop.log)")
    }
}
