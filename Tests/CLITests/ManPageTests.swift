import TestSupport
import Testing

/// The man page and the real `--help` output must name the same commands and options.
@Suite struct ManPageTests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    var page: String {
        Repository.text("man/copypasta.1")
    }

    /// Subcommand names listed under SUBCOMMANDS in `copypasta [COMMAND] --help`.
    func subcommands(of command: [String] = []) throws -> [String] {
        let help = try cli.run(command + ["--help"]).output
        guard let start = help.firstRange(of: "SUBCOMMANDS:") else { return [] }
        return help[start.upperBound...].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first else { return nil }
            return String(word)
        }.filter { $0 != "See" }
    }

    /// Option names (`--json`, `-0`) shown by `copypasta SUBCOMMAND --help`.
    func options(_ subcommand: String...) throws -> Set<String> {
        let help = try cli.run(subcommand + ["--help"]).output
        var names = Set<String>()
        for line in help.split(separator: "\n") where line.hasPrefix("  -") {
            let spec = line.split(separator: " ", omittingEmptySubsequences: true).prefix {
                $0.hasPrefix("-") || $0.hasSuffix(",")
            }
            for word in spec { names.insert(String(word.trimmingCharacters(in: ","))) }
        }
        return names
    }

    /// Option names the page documents with `Fl`.
    func pageOptions() -> Set<String> {
        var names = Set<String>()
        for line in page.split(separator: "\n") {
            let words = line.split(separator: " ")
            for (index, word) in words.enumerated() where (word == "Fl" || word == ".Fl") && index + 1 < words.count {
                let name = words[index + 1].trimmingCharacters(in: ",")
                guard name != "|" else { continue }
                names.insert("-" + name)
            }
        }
        return names
    }

    @Test func mandocLintIsClean() throws {
        let result = try Child(["mandoc", "-Tlint", "-W", "warning", Repository.root + "/man/copypasta.1"]).communicate()
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    @Test func everySubcommandIsDocumented() throws {
        let names = try subcommands()
        #expect(names.count >= 19)
        for name in names {
            #expect(page.contains("Cm \(name) ") || page.contains("Cm \(name)\n"), "man page lacks the \(name) command")
            for nested in try subcommands(of: [name]) {
                let words = "Cm \(name) \(nested)"
                let documented =
                    page.contains(words + " ") || page.contains(words + "\n") || page.contains("Cm \(name) Oo Cm \(nested) Oc")
                #expect(documented, "man page lacks \(name) \(nested)")
            }
        }
    }

    @Test func everyOptionIsDocumentedAndNoneIsInvented() throws {
        var shown = Set<String>()
        for name in try subcommands() {
            shown.formUnion(try options(name))
            for nested in try subcommands(of: [name]) { shown.formUnion(try options(name, nested)) }
        }
        shown.formUnion(try options("daemon"))
        let documented = pageOptions()
        for option in shown.sorted() {
            #expect(documented.contains(option), "man page lacks \(option)")
        }
        let known = shown.union(["--generate-completion-script"])
        for option in documented.sorted() {
            #expect(known.contains(option), "man page documents \(option), which no command has")
        }
    }

    @Test func everyConfigKeyAndExitStatusIsDocumented() throws {
        let config = try cli.run("config").output
        let keys = config.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: " ").first }
        #expect(keys.count == 63)
        for key in keys {
            #expect(page.contains(".It Cm \(key) No =") || page.contains("Cm \(key) No ="), "man page lacks key \(key)")
        }
        for status in ["0", "1", "64", "65", "66", "69", "70", "73", "74", "75", "77", "78"] {
            #expect(page.contains(".It \(status)\n"), "man page lacks exit status \(status)")
        }
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var text = self
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
