import TestSupport
import Testing

/// `import --from copyq` against a real CopyQ server on the test's X display.
@Suite(.serialized) struct CopyqImportTests {
    /// Runs the copyq client on `desktop`; returns its exit status.
    @discardableResult
    func copyq(_ desktop: Desktop, _ arguments: [String], input: [UInt8] = []) throws -> Int32 {
        try Child(["copyq"] + arguments, environment: desktop.environment).communicate(input, timeout: 30).status
    }

    /// Starts CopyQ's server and waits until its client answers.
    func startCopyq(_ desktop: Desktop) throws {
        _ = Child.runQuietly(["mkdir", "-p", "-m", "700", desktop.sandbox.root + "/run"])
        _ = try desktop.start(["copyq"], captureOutput: false)
        #expect(try waitUntil(seconds: 60) { try copyq(desktop, ["size"]) == 0 }, "copyq did not start")
    }

    @Test func everyTextOfTheClipboardTabComesInItsOrder() throws {
        let desktop = try Desktop()
        try startCopyq(desktop)
        try copyq(desktop, ["add", "oldest ✓"])
        try copyq(desktop, ["write", "text/plain", "-"], input: Array("middle\nline\r\nwith\0nul".utf8))
        try copyq(desktop, ["write", "image/png", "-"], input: [0x89, 0x50, 0x4E, 0x47])
        try copyq(desktop, ["add", "newest"])
        #expect(try desktop.cli.run("add", "newest").status == 0)
        let result = try desktop.cli.run("import", "--from", "copyq")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr == "copypasta: imported 2 entries from copyq, skipped 1 duplicates, "
                + "1 non-text items and 0 entries longer than max-bytes\n")
        let list = try desktop.cli.run("list").output
        // The preview shows the line breaks; show gives back the exact bytes, NUL and CR included.
        #expect(list.hasPrefix("1\tnewest\n2\tmiddle⏎line⏎with") && list.hasSuffix("nul\n3\toldest ✓\n"), "\(list)")
        #expect(try desktop.cli.run("show", "2").stdout == Array("middle\nline\r\nwith\0nul".utf8))
    }

    @Test func noRunningCopyqIsUnavailableAndImportsNothing() throws {
        let desktop = try Desktop()
        let result = try desktop.cli.run("import", "--from", "copyq")
        #expect(result.status == 69, "\(result.stderr)")
        #expect(try desktop.cli.run("list").output.isEmpty)
    }
}
