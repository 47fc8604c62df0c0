import Glibc
import TestSupport
import Testing

/// `copypasta pick` with the real fzf in a real terminal (tmux): fzf must run in the terminal's
/// foreground process group, draw, read the keys and hand back the choice.
@Suite(.serialized) struct PickTerminalTests {
    /// A daemon with two entries, and a terminal whose PATH holds only fzf (no rofi or dmenu to
    /// prefer) and whose SHELL runs fzf's reload and preview commands. The terminal has DISPLAY,
    /// so `picker = launcher` keeps pick from opening its window.
    private func setUp(config: String = "feedback = none\npicker = launcher\n") throws -> (Desktop, TmuxTerminal) {
        let desktop = try Desktop(config: config)
        try desktop.startDaemon()
        try desktop.cli.run("add", "apple pie")
        try desktop.cli.run("add", "banana split")
        let bin = desktop.sandbox.root + "/bin"
        #expect(mkdir(bin, 0o700) == 0)
        let fzf = try Child(["sh", "-c", "command -v fzf"]).communicate().output.trimmingSpaces()
        #expect(symlink(fzf, bin + "/fzf") == 0)
        var environment = desktop.environment
        environment["PATH"] = bin
        environment["SHELL"] = "/bin/sh"
        return (desktop, try TmuxTerminal(environment: environment))
    }

    /// The screen line showing `text` as an fzf item (fzf puts a marker and a space before it,
    /// and the preview's border after it).
    private static func showsItem(_ screen: String, _ text: String) -> Bool {
        screen.split(separator: "\n").contains { $0.prefix { $0 != "│" }.dropFirst(2).trimmingSpaces() == text }
    }

    /// Types `query`, waits for fzf to narrow its list to one item, takes it and checks that the
    /// command exited 0 and restored `text`.
    private static func chooseOnly(_ query: String, _ terminal: TmuxTerminal, _ desktop: Desktop, restores text: String) throws {
        try terminal.type(query, enter: false)
        #expect(terminal.waitForScreen { $0.contains("1/1") })
        try terminal.keys("Enter")
        #expect(terminal.waitForScreen { $0.contains("exit=0") }, "\((try? terminal.screen()) ?? "")")
        #expect(try desktop.paste().output == text)
    }

    @Test func theFzfFallbackDrawsReadsKeysAndRestores() throws {
        let (desktop, terminal) = try setUp()
        try terminal.type("\(CopypastaBinary.path) pick; echo \"exit=$?\"")
        #expect(
            terminal.waitForScreen { $0.contains("copypasta>") && Self.showsItem($0, "banana split") },
            "fzf must draw in the foreground: \((try? terminal.screen()) ?? "")")
        // fzf does not filter: the query reloads the list with copypasta's own search.
        try Self.chooseOnly("apple", terminal, desktop, restores: "apple pie")

        try terminal.type("\(CopypastaBinary.path) pick; echo \"cancel=$?\"")
        #expect(terminal.waitForScreen { $0.contains("copypasta>") })
        try terminal.keys("C-c")
        #expect(terminal.waitForScreen { $0.contains("cancel=1") }, "Ctrl+C cancels: \((try? terminal.screen()) ?? "")")
        #expect(try desktop.paste().output == "apple pie")
    }

    /// fzf searches the whole history as the query is typed (each change reloads the list from
    /// copypasta), not the newest 1,000 entries it was given, and previews the entry beside it.
    @Test func fzfSearchesTheWholeHistoryLiveAndPreviews() throws {
        let (desktop, terminal) = try setUp(config: "feedback = none\nmax-entries = 0\npicker = launcher\n")
        // The import goes below the history in file order: the last line is the oldest entry.
        var lines = (1...1100).map { "{\"text\":\"filler line \($0)\"}\n" }.joined()
        lines += "{\"text\":\"zanzibar ancient entry\\nsecond line of it\"}\n"
        #expect(try desktop.cli.run(["import", "-"], input: Array(lines.utf8)).status == 0)
        #expect(try !desktop.cli.run("pick", "--list").output.contains("zanzibar"))
        try terminal.type("\(CopypastaBinary.path) pick; echo \"exit=$?\"")
        #expect(terminal.waitForScreen { $0.contains("copypasta>") && Self.showsItem($0, "banana split") })
        try terminal.type("zanzibar", enter: false)
        #expect(
            terminal.waitForScreen { $0.contains("1/1") && $0.contains("zanzibar ancient entry") },
            "the query reloads the list from the whole history: \((try? terminal.screen()) ?? "")")
        #expect(
            terminal.waitForScreen { $0.split(separator: "\n").contains { $0.contains("│ second line of it") } },
            "the preview shows the entry in full: \((try? terminal.screen()) ?? "")")
        try terminal.keys("Enter")
        #expect(terminal.waitForScreen { $0.contains("exit=0") }, "\((try? terminal.screen()) ?? "")")
        #expect(try desktop.paste().output == "zanzibar ancient entry\nsecond line of it")
    }

    @Test func theManPageFzfExampleSplitsOnATab() throws {
        let page = String(decoding: Sandbox().read(Repository.root + "/man/copypasta.1") ?? [], as: UTF8.self)
        let example = page.split(separator: "\n").first { $0.hasPrefix(".Dl copypasta pick -0 --launcher") }
        let command = try #require(example).dropFirst(".Dl ".count)
            .replacing("\\(dq", with: "\"").replacing("\\e", with: "\\")
        let (desktop, terminal) = try setUp()
        try terminal.type(CopypastaBinary.path + command.dropFirst("copypasta".count) + "; echo \"exit=$?\"")
        #expect(
            terminal.waitForScreen { Self.showsItem($0, "banana split") && Self.showsItem($0, "apple pie") },
            "fzf shows the texts without their ids: \((try? terminal.screen()) ?? "")")
        try Self.chooseOnly("banana", terminal, desktop, restores: "banana split")
    }
}
