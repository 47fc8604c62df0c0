import Glibc
import TestSupport
import Testing

/// Which owner, and which application, a copy belongs to: an owner is its window and the time of
/// its owner change (X reuses a closed client's window ids), and its application is resolved at
/// the change, by the X Resource extension's client pid when no window names it.
@Suite(.serialized) struct OwnerIdentityTests {
    /// A captured owner closes (keep-alive serves its entry); a skipped owner then gets the same window
    /// id and closes too: the clipboard stays empty instead of serving the older entry again.
    @Test func aSkippedOwnerReusingACapturedOwnersWindowLeavesTheClipboardEmpty() throws {
        let desktop = try Desktop(config: "ignore-apps = secretapp\n")
        try desktop.startDaemon()
        let first = try desktop.start([TestOwner.path, "normal", "--window", "--class", "editor", "--text", "older entry"])
        let firstWindow = first.waitForLine("window")
        #expect(first.waitForLine("owned") != nil)
        #expect(try desktop.waitForEntries(1), "\(desktop.log)")
        first.stop()
        #expect(desktop.waitForLog("keeping the clipboard alive"), "\(desktop.log)")
        let second = try desktop.start([TestOwner.path, "normal", "--window", "--class", "secretapp", "--text", "secret"])
        let secondWindow = second.waitForLine("window")
        #expect(firstWindow != nil && firstWindow == secondWindow, "X did not reuse the window id: \(firstWindow ?? "-")")
        #expect(second.waitForLine("owned") != nil)
        #expect(desktop.waitForLog("ignored app secretapp"), "\(desktop.log)")
        second.stop()
        #expect(desktop.waitForLog("went away", times: 2), "\(desktop.log)")
        #expect(try desktop.paste(timeout: 10).status != 0, "\(desktop.log)")
        #expect(desktop.log.occurrences(of: "keeping the clipboard alive") == 1, "\(desktop.log)")
    }

    /// CopyQ copies from a tray application whose windows are unmapped: `ignore-apps = copyq` skips it.
    @Test func ignoreAppsSkipsCopyQsOwnCopies() throws {
        let desktop = try Desktop(config: "ignore-apps = copyq\n")
        try desktop.startDaemon()
        _ = try desktop.start(["copyq"], captureOutput: false)
        let copyq = { (arguments: [String]) throws -> Int32 in
            try Child(["copyq"] + arguments, environment: desktop.environment).communicate(timeout: 30).status
        }
        #expect(try waitUntil(seconds: 60) { try copyq(["size"]) == 0 }, "copyq did not start")
        #expect(try copyq(["copy", "copied by CopyQ"]) == 0)
        #expect(desktop.waitForLog("ignored app copyq", seconds: 30), "\(desktop.log)")
        try desktop.xclip(Array("copied by xclip".utf8))
        #expect(try desktop.waitForEntries(1), "\(desktop.log)")
        #expect(try desktop.cli.run("show", "1").output == "copied by xclip")
    }
}
