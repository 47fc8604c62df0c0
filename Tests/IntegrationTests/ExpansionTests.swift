import Glibc
import TestSupport
import Testing

/// `/TITLE` expansion: keys typed with xdotool into the focused test client, which records what
/// the field holds (BackSpace erases), with the daemon watching through RECORD.
@Suite(.serialized) struct ExpansionTests {
    static let snippet = "Best regards, Ada"

    /// A daemon with expansion on (or off) and the snippet `sig`, watching before anything is typed.
    private func desktop(expand: Bool = true, layout: String? = nil) throws -> Desktop {
        let desktop = try Desktop(config: "feedback = none\nexpand = \(expand)\n")
        if let layout { #expect(try desktop.tool(["setxkbmap", "-layout", layout]) == 0) }
        #expect(try desktop.cli.run("add", "--name", "sig", Self.snippet).status == 0)
        #expect(try desktop.cli.run("add", "--name", "my_sig", "Snippet ✓").status == 0)
        try desktop.startDaemon()
        #expect(desktop.waitForLog(expand ? "expansion on" : "watching", seconds: 30))
        return desktop
    }

    private func type(_ desktop: Desktop, _ text: String) throws {
        #expect(try desktop.tool(["xdotool", "type", "--delay", "20", text]) == 0)
    }

    @Test(arguments: ["us", "de"])
    func slashTitleAndSpaceBecomeTheSnippet(layout: String) throws {
        let desktop = try desktop(layout: layout)
        let (_, output) = try desktop.startFocusedClient("client")
        try type(desktop, "/sig ")
        #expect(
            desktop.waitForFile(output, Self.snippet + " ", seconds: 60),
            "\(desktop.sandbox.read(output).map { String(decoding: $0, as: UTF8.self) } ?? "")")
        #expect(desktop.waitForLog("expanded sig in copypasta-testclient"))
        try type(desktop, "x /my_sig,")
        #expect(desktop.waitForFile(output, Self.snippet + " x Snippet ✓,", seconds: 60))
        #expect(!desktop.log.contains("/sig"), "nothing typed is logged")
    }

    @Test func anUnknownTitleLeavesTheTextAlone() throws {
        let desktop = try desktop()
        let (_, output) = try desktop.startFocusedClient("client")
        try type(desktop, "/nope a/sig /sig ")
        // The last trigger expands, so the daemon has seen the ones before it, which did not.
        #expect(desktop.waitForFile(output, "/nope a/sig " + Self.snippet + " ", seconds: 60))
    }

    @Test func aFocusChangeBetweenKeysDoesNotExpand() throws {
        let desktop = try desktop()
        let (_, output) = try desktop.startFocusedClient("client")
        let search = ["xdotool", "search", "--classname", "copypasta-testclient"]
        let window =
            try Child(search, environment: desktop.environment).communicate(timeout: 30).output
            .split(separator: "\n").first.map(String.init) ?? ""
        try type(desktop, "/si")
        #expect(desktop.waitForFile(output, "/si"))
        _ = try desktop.startFocusedClient("other", arguments: ["--class", "other"])
        #expect(try desktop.tool(["xdotool", "windowfocus", "--sync", window]) == 0)
        try type(desktop, "g /sig ")
        #expect(desktop.waitForFile(output, "/sig " + Self.snippet + " ", seconds: 60))
    }

    @Test func anIgnoredClassIsLeftAlone() throws {
        let desktop = try desktop()
        let (_, ignored) = try desktop.startFocusedClient("ignored", arguments: ["--class", "KeePassXC"])
        try type(desktop, "/sig ")
        #expect(desktop.waitForFile(ignored, "/sig "))
        let (_, output) = try desktop.startFocusedClient("client")
        try type(desktop, "/sig ")
        // The daemon handles keys in order: the second trigger expanding means it saw the first.
        #expect(desktop.waitForFile(output, Self.snippet + " ", seconds: 60))
        #expect(desktop.sandbox.read(ignored) == Array("/sig ".utf8))
    }

    @Test func expandFalseWatchesNothing() throws {
        let desktop = try desktop(expand: false)
        let (_, output) = try desktop.startFocusedClient("client")
        try type(desktop, "/sig ")
        #expect(desktop.waitForFile(output, "/sig "))
        #expect(!desktop.log.contains("expansion on"))
        #expect(!desktop.log.contains("expanded"))
    }
}
