import TestSupport
import Testing

/// The commands run most often declare the shared options themselves instead of through option
/// groups (docs/DESIGN.md §1). They must stay the same options: same names, help and checks as
/// the commands that still use the groups.
@Suite struct OptionDeclarationTests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    /// The help lines of `option` (its line and the wrapped lines below it) in `command --help`.
    func helpLines(_ command: [String], _ option: String) throws -> [Substring] {
        let help = try cli.run(command + ["--help"])
        #expect(help.status == 0, "\(command): \(help.stderr)")
        let lines = help.output.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(option) ") || $0 == "  \(option)" }) else {
            Issue.record("\(command) --help does not list \(option)")
            return []
        }
        let continued = lines[(start + 1)...].prefix { $0.hasPrefix(String(repeating: " ", count: 26)) }
        return [lines[start]] + continued
    }

    @Test(arguments: [
        // option, a command that declares it itself, a command that takes it from its group
        ("--db", ["list"], ["pin"]), ("--config", ["status"], ["pin"]), ("--db", ["copy"], ["paste"]),
        ("--db", ["show"], ["tags"]), ("--config", ["search"], ["tags"]),
        ("--json", ["list"], ["pick"]), ("-0, --null", ["search"], ["pick"]),
        ("--limit", ["list"], ["trash", "list"]), ("--offset", ["search"], ["trash", "list"]),
        ("--passphrase-fd", ["copy"], ["paste"]), ("--passphrase-fd", ["show"], ["type"]),
        ("--primary", ["copy"], ["pick"]), ("--both", ["copy"], ["pick"]),
    ])
    func sharedOptionsKeepTheirHelp(option: String, declaring: [String], grouped: [String]) throws {
        let own = try helpLines(declaring, option)
        #expect(!own.isEmpty)
        #expect(own == (try helpLines(grouped, option)), "\(declaring) vs \(grouped)")
    }

    @Test func sharedChecksStillRun() throws {
        for command in [["list"], ["search", "x"]] {
            let both = try cli.run(command + ["--json", "--null"])
            #expect(both.status == 64)
            #expect(both.stderr.hasPrefix("copypasta: --json and --null cannot be combined"), "\(both.stderr)")
            // The output check comes first, as it did when the groups made the checks.
            let first = try cli.run(command + ["-0", "--json", "--limit=-2"])
            #expect(first.stderr.hasPrefix("copypasta: --json and --null cannot be combined"), "\(first.stderr)")
        }
        let emptyTag = try cli.run("list", "--json", "--tag", "")
        #expect(emptyTag.status == 64)
        #expect(emptyTag.stderr.hasPrefix("copypasta: --tag needs a tag name"), "\(emptyTag.stderr)")
    }

    @Test func declaredOptionsReachTheCommand() throws {
        let other = sandbox.root + "/other.sqlite3"
        #expect(try cli.run("--db", other, "add", "elsewhere").status == 0)
        #expect(try cli.run("list", "--db", other).output == "1\telsewhere\n")
        #expect(try cli.run("--db", other, "search", "elsewhere", "--json").output.contains(#""text":"elsewhere""#))
        #expect(try cli.run("show", "1", "--db", other).output == "elsewhere")
        #expect(try cli.run("status", "--db", other).output.contains("entries: 1 (0 pinned)"))
        #expect(try cli.run("list").output.isEmpty)
        #expect(try cli.run("list", "--db", other, "--limit", "1", "--offset", "1").output.isEmpty)
    }
}
