import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta search QUERY`: full-text search with filters.
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search the history: words, prefixes (foo*), phrases (\"a b\") and filters.",
            discussion: """
                Matching ignores case and diacritics. Filters: tag:NAME, app:NAME, source:clipboard|primary|manual|import, \
                pinned:yes|no, before:DATE, after:DATE (YYYY-MM-DD or YYYY-MM-DDTHH:MM, local time; \
                before is exclusive, after inclusive), kind:link|text, collection:NAME, in:trash (search the trash). \
                A domain such as example.com finds the links to it. Exits 1 when nothing matches.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: EntryOutputOptions

        @Argument(help: "The query; several arguments are joined with spaces.")
        var query: [String]

        @Option(help: "Order: relevance (the default when the query has words) or recent.")
        var sort: SearchOrder = .relevance

        @OptionGroup var page: PageOptions

        func run() throws {
            let parsed = try SearchQuery.parse(query.joined(separator: " "))
            let store = try global.openStore()
            let results = try store.search(
                parsed, order: sort, limit: page.limit, offset: page.offset, withText: output.needsText)
            output.print(results)
            if results.isEmpty { throw ExitCode(ExitStatus.nothingFound.rawValue) }
        }
    }
}

extension SearchOrder: ExpressibleByArgument {}

extension EntryKind: ExpressibleByArgument {}
