import TestSupport
import Testing

/// The real binary, run as a user would: stdout, stderr and exit status checked.
@Suite struct CLITests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    @discardableResult
    func add(_ text: String) throws -> String {
        let result = try cli.run("add", input: text)
        #expect(result.status == 0, "\(result.stderr)")
        return result.output.split(separator: "\n").first.map(String.init) ?? ""
    }

    @Test func addListShowRoundTrip() throws {
        #expect(try add("first line\nsecond\tpart") == "1")
        #expect(try cli.run("add", "argument text").output == "2\n")
        let list = try cli.run("list")
        #expect(list.status == 0)
        #expect(list.output == "2\targument text\n1\tfirst line⏎second⇥part\n")
        let show = try cli.run("show", "1")
        #expect(show.stdout == Array("first line\nsecond\tpart".utf8))
        #expect(show.stderr.isEmpty)
    }

    @Test func showIsByteExactForALargeEntry() throws {
        let big = (0..<200_000).map { "line \($0) ✓\r\n" }.joined()
        try add(big)
        let show = try cli.run("show", "1")
        #expect(show.stdout == Array(big.utf8))
    }

    @Test func jsonAndNullFormats() throws {
        try add("one\nline")
        try add("two")
        let json = try cli.run("list", "--json")
        let lines = json.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].hasPrefix(#"{"id":1,"text":"one\nline","preview":"one⏎line","capturedAt":""#))
        #expect(
            lines[1].hasSuffix(
                #","source":"manual","sourceApp":null,"bytes":8,"pinned":false,"tags":[],"useCount":0,"lastUsedAt":null,"sync":"local","kind":"text"}"#
            ))
        let null = try cli.run("list", "-0")
        #expect(null.stdout == Array("two\0one\nline\0".utf8))
        #expect(try cli.run("list", "--json", "--null").status == 64)
    }

    @Test func listCutsToOneHundredColumnsWhenNotATerminal() throws {
        try add(String(repeating: "word ", count: 100))
        let line = try cli.run("list").output.split(separator: "\n")[0]
        #expect(line.hasPrefix("1\t"))
        #expect(line.count == 2 + 92)
        #expect(line.hasSuffix("…"))
    }

    @Test func listFiltersAndPaging() throws {
        for text in ["a", "b", "c", "d"] { try add(text) }
        #expect(try cli.run("list", "--limit", "2").output == "4\td\n3\tc\n")
        #expect(try cli.run("list", "--limit", "2", "--offset", "3").output == "1\ta\n")
        #expect(try cli.run("pin", "2", "3").status == 0)
        #expect(try cli.run("list", "--pinned").output == "3\tc\n2\tb\n")
        #expect(try cli.run("tag", "1", "Work", "x").status == 0)
        #expect(try cli.run("list", "--tag", "work").output == "1\ta\n")
        #expect(try cli.run("list", "--tag", "work", "--json").output.contains(#""tags":["Work","x"]"#))
        #expect(try cli.run("untag", "1", "WORK").status == 0)
        #expect(try cli.run("list", "--tag", "work").output == "")
        #expect(try cli.run("unpin", "3").status == 0)
        #expect(try cli.run("list", "--pinned").output == "2\tb\n")
    }

    @Test func searchFormatsAndExitStatus() throws {
        try add("Crème brûlée recipe")
        try add("shopping list")
        #expect(try cli.run("search", "creme").output == "1\tCrème brûlée recipe\n")
        #expect(try cli.run("search", "SHOP*", "--json").output.contains(#""id":2"#))
        #expect(try cli.run("search", "\"brulee recipe\"").output.hasPrefix("1\t"))
        #expect(try cli.run("search", "creme", "--sort", "recent").status == 0)
        let none = try cli.run("search", "absent")
        #expect(none.status == 1 && none.output.isEmpty)
        for hostile in ["\"", "*", "(((", "a\"b", "NEAR(", "-", String(repeating: "q ", count: 5000)] {
            let result = try cli.run("search", hostile)
            #expect([0, 1, 64].contains(result.status), "\(hostile.prefix(20)): \(result.stderr)")
            #expect(!result.stderr.lowercased().contains("sqlite"))
            #expect(!result.stderr.lowercased().contains("fts5"))
        }
        #expect(try cli.run("search", "--sort", "sideways", "x").status == 64)
    }

    @Test func documentedExitStatuses() throws {
        try add("x")
        let missing = try cli.run("show", "999999")
        #expect(missing.status == 66)
        #expect(missing.stderr == "copypasta: no entry with id 999999; see 'copypasta list'\n")
        for command in [["list"], ["search", "x"]] {
            for option in ["--limit", "--offset"] {
                let negative = try cli.run(command + [option + "=-1"])
                #expect(negative.status == 64, "\(command) \(option)")
                #expect(negative.stderr.contains("\(option) must be 0 or more, got -1"), "\(command): \(negative.stderr)")
            }
        }
        #expect(try cli.run("show", "abc").status == 64)
        #expect(try cli.run("frobnicate").status == 64)
        #expect(try cli.run("delete", "1", "999").status == 66)
        #expect(try cli.run("list").output == "1\tx\n")
        let usage = try cli.run("list", "--bogus")
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("copypasta: "))
        #expect(usage.stderr.split(separator: "\n").count == 1)
        #expect(usage.stderr.hasSuffix("(see 'copypasta list --help')\n"))
    }

    @Test func unwritableDatabasePathIsNamed() throws {
        let blocker = sandbox.write("file", "x")
        let result = try cli.run("--db", blocker + "/sub/history.sqlite3", "list")
        #expect([73, 74].contains(result.status))
        #expect(result.stderr.contains(blocker + "/sub"))
    }

    @Test func notADatabaseIsRefusedAndUntouched() throws {
        let path = sandbox.write("notes.txt", "dear diary")
        let result = try cli.run("list", "--db", path)
        #expect(result.status == 65)
        #expect(result.stderr.contains("not a copypasta database"))
        #expect(sandbox.read(path) == Array("dear diary".utf8))
    }

    @Test func aStatementSQLiteRefusesIsAnInternalErrorInSQLitesWords() throws {
        try add("x")
        #expect(try Child(["sqlite3", sandbox.database, "DROP TABLE state"]).communicate().status == 0)
        let result = try cli.run("status")
        #expect(result.status == 70, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("(SQLite: no such table: state, in: SELECT"), "\(result.stderr)")
        #expect(!result.stderr.contains("input/output error"))
    }

    @Test func addRejectsEmptyAndInvalidUTF8AndOversizedText() throws {
        #expect(try cli.run(["add"], input: []).status == 65)
        let invalid = try cli.run(["add"], input: [0x66, 0xFF, 0xFE])
        #expect(invalid.status == 65)
        #expect(invalid.stderr.contains("UTF-8"))
        sandbox.write("config/copypasta/copypasta.conf", "max-bytes = 4\n")
        #expect(try cli.run("add", "12345").status == 65)
        #expect(try cli.run("list").output.isEmpty)
    }

    @Test func addMovesDuplicatesAndSupportsPinAndTag() throws {
        try add("dup")
        try add("other")
        #expect(try add("dup") == "1")
        #expect(try cli.run("list").output == "1\tdup\n2\tother\n")
        #expect(try cli.run("add", "--pin", "--tag", "t", "new").output == "3\n")
        #expect(try cli.run("list", "--pinned", "--tag", "T").output == "3\tnew\n")
    }

    @Test func clearAsksOrNeedsYes() throws {
        try add("a")
        try add("b")
        try cli.run("pin", "1")
        let refused = try cli.run("clear")
        #expect(refused.status == 64)
        #expect(try cli.run("list").output.split(separator: "\n").count == 2)
        #expect(try cli.run("clear", "--yes").status == 0)
        #expect(try cli.run("list").output == "1\ta\n")
        #expect(try cli.run("clear", "--yes", "--all").status == 0)
        #expect(try cli.run("list").output == "")
    }

    @Test func pauseResumeAndStatus() throws {
        try add("a")
        #expect(try cli.run("pause").status == 0)
        #expect(try cli.run("status").output.contains("paused: yes"))
        #expect(try cli.run("resume").status == 0)
        let status = try cli.run("status")
        #expect(status.output.contains("paused: no"))
        #expect(status.output.contains("entries: 1 (0 pinned)"))
        #expect(status.output.contains(sandbox.database))
        let json = try cli.run("status", "--json").output
        #expect(json.contains(#""entries":1"#) && json.contains(#""paused":false"#))
    }

    @Test func exportImportRoundTripDeduplicates() throws {
        try add("alpha")
        try add("beta\nmulti")
        try cli.run("tag", "1", "Keep")
        let exported = try cli.run("export")
        #expect(exported.output.split(separator: "\n").count == 2)
        let other = Sandbox()
        let target = CopypastaBinary(sandbox: other)
        let first = try target.run(["import", "-"], input: exported.stdout)
        #expect(first.status == 0)
        #expect(first.stderr.contains("imported 2"))
        let again = try target.run(["import", "-"], input: exported.stdout)
        #expect(again.stderr.contains("imported 0 entries, skipped 2 duplicates"))
        #expect(try target.run("list", "--tag", "keep").output.hasSuffix("\talpha\n"))
        #expect(try target.run("export").output.replacingIDs() == exported.output.replacingIDs())
        let file = other.write("bad.jsonl", "{\"text\":\"ok\"}\nnot json\n")
        let bad = try target.run("import", file)
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("line 2"))
        // Entries before a bad line stay imported, and the error says so on its one line.
        #expect(bad.stderr.hasPrefix("copypasta: line 2: "))
        #expect(bad.stderr.hasSuffix("; the entry before it stays imported\n"))
        #expect(try target.run("search", "ok").status == 0)
        #expect(try target.run("import", other.root + "/absent.jsonl").status == 65)
        let bom = other.write("bom.jsonl", "\u{FEFF}{\"text\":\"with a byte order mark\"}\n")
        #expect(try target.run("import", bom).status == 0)
        #expect(try target.run("search", "byte", "order").status == 0)
    }

    @Test func badConfigIsExit78NamingFileAndLine() throws {
        let path = sandbox.write("config/copypasta/copypasta.conf", "# comment\nmax-entries = lots\n")
        let result = try cli.run("config")
        #expect(result.status == 78)
        #expect(
            result.stderr
                == "copypasta: \(path):2: max-entries: expected a whole number from 0 (unlimited) to 10000000, got 'lots'\n")
        sandbox.write("config/copypasta/copypasta.conf", "colour = blue\n")
        #expect(try cli.run("add", "x").status == 78)
    }

    @Test func configPrintsEffectiveValuesAndOrigins() throws {
        let path = sandbox.write("c.conf", "max-entries = 50\n")
        let result = try cli.run("config", "--config", path)
        #expect(result.status == 0)
        #expect(result.output.contains("max-entries = 50\t# \(path):1"))
        #expect(result.output.contains("duplicates = move\t# default"))
        #expect(result.output.contains("(--config)"))
    }

    @Test func versionHelpAndCompletions() throws {
        #expect(try cli.run("--version").output == "0.1.0\n")
        let help = try cli.run("--help")
        #expect(help.status == 0 && help.output.contains("SUBCOMMANDS"))
        for shell in ["bash", "zsh", "fish"] {
            let script = try cli.run("--generate-completion-script", shell)
            #expect(script.status == 0 && script.output.contains("copypasta"))
        }
    }

    @Test func globalOptionsWorkBeforeTheSubcommand() throws {
        let path = sandbox.root + "/elsewhere.db"
        #expect(try cli.run("--db", path, "add", "x").status == 0)
        #expect(try cli.run("list", "--db", path).output == "1\tx\n")
        #expect(try cli.run("list").output == "")
    }
}

extension String {
    /// Replaces every `"id":N` so exports from two databases compare by content.
    func replacingIDs() -> String {
        split(separator: "\n").map { line in
            guard let comma = line.firstIndex(of: ",") else { return String(line) }
            return "{" + line[comma...]
        }.joined(separator: "\n")
    }
}
