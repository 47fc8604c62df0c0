import Glibc
import TestSupport
import Testing

/// `copypasta paste` into real applications: Chromium (not headless) and Firefox, stock xterm and
/// urxvt, and a pasted snippet expansion in GTK 3, GTK 4, Qt 5 and Tk fields.
@Suite(.serialized) struct ApplicationPasteTests {
    static let text = "pasted ✓ into a browser"

    /// Copies `previous` with xclip and, with a daemon, waits until it is captured; adds `text` as entry 1.
    private func prepare(_ desktop: Desktop, daemon: Bool, text: String, previous: String) throws {
        if daemon { try desktop.startDaemon() }
        #expect(try desktop.cli.run("add", text).status == 0)
        try desktop.xclip(Array(previous.utf8))
        if daemon { #expect(try desktop.waitForEntries(2)) }
    }

    /// Chromium reads the text twice per paste (for the paste event, then to insert it) with a dozen
    /// TARGETS requests between: the previous content goes back only once it is done.
    @Test(arguments: [(Browser.Kind.chromium, true), (.chromium, false), (.firefox, true)])
    func pasteIntoABrowser(kind: Browser.Kind, daemon: Bool) throws {
        // A browser on a machine busy with other suites may take over a second to act on the key;
        // the wait for its fetch is what is tested here, not the timeout.
        let desktop = try Desktop(config: "feedback = none\npaste-restore-timeout = 10s\n")
        let browser = try Browser(kind, on: desktop)
        try prepare(desktop, daemon: daemon, text: Self.text, previous: "what the browser had before")
        let pasted = try desktop.cli.run("paste", "1")
        #expect(pasted.status == 0, "\(pasted.stderr)")
        #expect(browser.waitForValue(Self.text), "\(browser.value ?? "-")\n\(desktop.log)")
        #expect(
            waitUntil(seconds: 20) { (try? desktop.paste().output) == "what the browser had before" },
            "\((try? desktop.paste().output) ?? "-")\n\(desktop.log)")
        if daemon { #expect(desktop.waitForLog("fetched=true"), "\(desktop.log)") }
    }

    /// A terminal running `cat > FILE` with the input focus; returns it and the file.
    private func startTerminal(_ desktop: Desktop, _ program: String, className: String) throws -> (Child, String) {
        let output = desktop.sandbox.root + "/" + program + ".out"
        let terminal = try desktop.start([program, "-e", "sh", "-c", "exec cat > \(output)"], captureOutput: false)
        let focused = try Child(
            ["xdotool", "search", "--sync", "--class", className, "windowfocus", "--sync", "%1"], environment: desktop.environment
        ).communicate(timeout: 60)
        #expect(focused.status == 0, "\(focused.stderr)")
        return (terminal, output)
    }

    /// urxvt pastes CLIPBOARD with Ctrl+Alt+V; stock xterm only has Shift+Insert, which reads PRIMARY,
    /// so the entry is served on PRIMARY too and PRIMARY is given up again afterwards. The entry has
    /// no newline (urxvt's default confirm-paste extension would ask first); Return, typed once the
    /// paste is over, hands the line to `cat`.
    @Test(arguments: [("xterm", "XTerm", "shift+Insert"), ("urxvt", "URxvt", "ctrl+alt+v")])
    func pasteIntoAStockTerminal(program: String, className: String, keystroke: String) throws {
        let desktop = try Desktop(config: "feedback = none\n")
        let (_, output) = try startTerminal(desktop, program, className: className)
        let line = "pasted into \(program)"
        try prepare(desktop, daemon: true, text: line, previous: "terminal before")
        #expect(try desktop.cli.run("paste", "1").status == 0)
        #expect(desktop.waitForLog("fetched=true keystroke=\(keystroke)"), "\(desktop.log)")
        #expect(try desktop.tool(["xdotool", "key", "Return"]) == 0)
        #expect(
            desktop.waitForFile(output, line + "\n"),
            "\(desktop.sandbox.read(output).map { String(decoding: $0, as: UTF8.self) } ?? "-")\n\(desktop.log)")
        #expect(waitUntil(seconds: 20) { (try? desktop.paste().output) == "terminal before" })
        #expect(try desktop.paste(selection: "primary", timeout: 5).output.isEmpty)
    }
}

/// A snippet longer than `expand-type-max` is pasted by the daemon: its separator must follow it
/// in real GTK 3, GTK 4, Qt 5 and Tk fields.
@Suite(.serialized) struct PastedExpansionTests {
    static let snippet = "Best regards, Ada"

    @Test(arguments: ["gtk3", "gtk4", "qt5", "tk"])
    func aPastedSnippetKeepsItsSeparator(toolkit: String) throws {
        let desktop = try Desktop(config: "feedback = none\nexpand = true\nexpand-type-max = 0\n")
        desktop.extraEnvironment = ToolkitTests.environment
        #expect(try desktop.cli.run("add", "--name", "sig", Self.snippet).status == 0)
        try desktop.startDaemon()
        #expect(desktop.waitForLog("expansion on", seconds: 30))
        let field = try desktop.start([ToolkitTests.python, ToolkitTests.scripts + "/text_field.py", toolkit])
        #expect(field.waitForLine("ready", seconds: 60) != nil)
        #expect(try desktop.tool(["xdotool", "type", "--delay", "20", "/sig "]) == 0)
        let expected = "text \"\(Self.snippet) \""
        #expect(field.waitForLine(expected, seconds: 30) == expected, "\(desktop.log)")
        #expect(desktop.waitForLog("expanded sig"), "\(desktop.log)")
    }
}
