import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta find QUERY`: entries ranked by the fuzzy ranking, best first.
    struct Find: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "find",
            abstract: "Find entries by a few letters, best match first: snippet titles, then texts.",
            discussion: """
                Scores: the whole title 120, the title's start 100, the start of a word 80, anywhere 60, the \
                letters in order in a title 40 (gsig finds git-signoff); ignoring case and accents; ties go to \
                the most used, then the most recently used. Texts of unnamed entries are found by the start of \
                a word. search's filters (tag:NAME, pinned:yes…) narrow the entries. Exits 1 when nothing matches.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: EntryOutputOptions

        @Argument(help: "The query; several arguments are joined with spaces.")
        var query: [String]

        @Flag(help: "Find only snippets (named entries).")
        var snippets = false

        @Option(help: "Show at most this many entries.")
        var limit = 20

        func validate() throws {
            if limit < 1 { throw ValidationError("--limit must be 1 or more, got \(limit)") }
        }

        func run() throws {
            var parsed = try SearchQuery.parse(query.joined(separator: " "))
            parsed.snippetsOnly = snippets
            let text = parsed.findText
            guard !text.isEmpty else { throw CoreError.usage("find needs words to rank by, not only filters") }
            let store = try global.openStoreForReading()
            let results = try store.find(text, filters: parsed, limit: limit, withText: output.needsText)
            output.print(results)
            Search.reportRegexGaveUp(store)
            if results.isEmpty { throw ExitCode(ExitStatus.nothingFound.rawValue) }
        }
    }
}
