import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta search QUERY`: full-text search with filters.
    struct Search: ParsableCommand {
        /// How the command is named and described in --help.
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search the history: words, prefixes (foo*), phrases (\"a b\") and filters.",
            discussion: """
                Matching ignores case and diacritics. Filters: tag:NAME, app:NAME, source:clipboard|primary|manual|import, \
                pinned:yes|no, before:DATE, after:DATE (YYYY-MM-DD or YYYY-MM-DDTHH:MM, local time; \
                before is exclusive, after inclusive). Exits 1 when nothing matches.
                """)

        /// Where the database and the config file are.
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: EntryOutputOptions

        @Argument(help: "The query; several arguments are joined with spaces.")
        var query: [String]

        @Option(help: "Order: relevance (the default when the query has words) or recent.")
        var sort: SearchOrder = .relevance

        @Option(help: "Show at most this many results.")
        var limit: Int?

        @Option(help: "Skip this many results first.")
        var offset = 0

        /// Rejects option values their types cannot rule out (exit 64).
        func validate() throws {
            if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, got \(limit)") }
            if offset < 0 { throw ValidationError("--offset must be 0 or more, got \(offset)") }
        }

        /// Runs the command; a failure reaches main, which prints it and exits with its status.
        func run() throws {
            let parsed = try SearchQuery.parse(query.joined(separator: " "))
            let store = try global.openStore()
            let results = try store.search(parsed, order: sort, limit: limit, offset: offset, withText: output.needsText)
            output.print(results)
            if results.isEmpty { throw ExitCode(ExitStatus.nothingFound.rawValue) }
        }
    }
}

extension SearchOrder: ExpressibleByArgument {}
