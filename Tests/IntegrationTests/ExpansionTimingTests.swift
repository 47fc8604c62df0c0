import Glibc
import TestSupport
import Testing

/// `/TITLE` expansion while the user keeps typing: the separator follows the snippet at once,
/// keys typed meanwhile land after it, and every trigger expands, also right after a Ctrl chord.
@Suite(.serialized) struct ExpansionTimingTests {
    static let address = "221B Baker Street, London NW1 6XE"

    /// A daemon with expansion on and the snippets `addr`, `sig` and `check` (whose ✓ is on no
    /// layout: a `copypasta type` child types it); the default feedback, as users have it, with a
    /// notify-send that records its calls and then waits, as one does with no notification server.
    private func desktop() throws -> Desktop {
        let desktop = try Desktop(config: "expand = true\nhook-timeout = 20s\n")
        let calls = desktop.sandbox.root + "/notified"
        desktop.sandbox.write("bin/notify-send", "#!/bin/sh\necho called >> '\(calls)'\nexec sleep 30\n", mode: 0o755)
        desktop.extraEnvironment["PATH"] = desktop.sandbox.root + "/bin:" + (getenv("PATH").map { String(cString: $0) } ?? "")
        #expect(try desktop.cli.run("add", "--name", "addr", Self.address).status == 0)
        #expect(try desktop.cli.run("add", "--name", "sig", "Best regards, Ada").status == 0)
        #expect(try desktop.cli.run("add", "--name", "check", "✓ done").status == 0)
        try desktop.startDaemon()
        #expect(desktop.waitForLog("expansion on", seconds: 30))
        return desktop
    }

    private func type(_ desktop: Desktop, _ text: String, delay: Int = 40) throws {
        #expect(try desktop.tool(["xdotool", "type", "--delay", String(delay), text]) == 0)
    }

    private func field(_ desktop: Desktop, _ output: String) -> String {
        String(decoding: desktop.sandbox.read(output) ?? [], as: UTF8.self)
    }

    @Test func keysTypedRightAfterTheTriggerLandAfterTheSnippetAndItsSeparator() throws {
        let desktop = try desktop()
        let (_, output) = try desktop.startFocusedClient("client")
        var expected = ""
        for round in 1...5 {
            try type(desktop, "to: /addr, thanks \(round); ")
            expected += "to: \(Self.address), thanks \(round); "
            #expect(
                desktop.waitForFile(output, expected, seconds: 30), "round \(round): \(field(desktop, output).debugDescription)")
            #expect(desktop.waitForLog("expanded addr", times: round))
        }
    }

    @Test func aTypedChildEndsAtOnceWithoutFeedbackAndTheSeparatorFollows() throws {
        let desktop = try desktop()
        let (_, output) = try desktop.startFocusedClient("client")
        try type(desktop, "/check ")
        // The child's feedback would hold its exit, and the separator, for hook-timeout (20 s).
        #expect(desktop.waitForFile(output, "✓ done ", seconds: 10), "\(field(desktop, output).debugDescription)")
        #expect(desktop.waitForLog("expanded check"))
        #expect(desktop.sandbox.read(desktop.sandbox.root + "/notified") == nil, "an expansion notifies nothing")
    }

    @Test func triggersInQuickSuccessionAllExpand() throws {
        let desktop = try desktop()
        let (_, output) = try desktop.startFocusedClient("client")
        try type(desktop, "/sig /sig /sig ")
        let expected = String(repeating: "Best regards, Ada ", count: 3)
        #expect(desktop.waitForFile(output, expected, seconds: 30), "\(field(desktop, output).debugDescription)")
    }

    @Test func aTriggerAtTheStartOfAFieldAfterACtrlChordExpands() throws {
        let desktop = try desktop()
        let (_, output) = try desktop.startFocusedClient("client")
        try type(desktop, "hi")
        #expect(desktop.waitForFile(output, "hi"))
        // Select all and delete it, as one clears a field; the client only sees the BackSpace.
        #expect(try desktop.tool(["xdotool", "key", "ctrl+a", "BackSpace"]) == 0)
        #expect(desktop.waitForFile(output, "h"))
        try type(desktop, "/sig ")
        #expect(desktop.waitForFile(output, "hBest regards, Ada ", seconds: 30), "\(field(desktop, output).debugDescription)")
    }
}
