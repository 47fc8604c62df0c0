import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta search QUERY`: full-text search with filters.
    struct Search: ParsableCommand, FlatListingOptions {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search the history: words, prefixes (foo*), phrases (\"a b\") and filters.",
            discussion: """
                Matching ignores case and diacritics. Filters: tag:NAME, app:NAME, source:clipboard|primary|manual|import, \
                pinned:yes|no, before:DATE, after:DATE (YYYY-MM-DD or YYYY-MM-DDTHH:MM, local time; \
                before is exclusive, after inclusive), kind:link|text, collection:NAME, in:trash (search the trash). \
                A domain such as example.com finds the links to it. Exits 1 when nothing matches.
                """)

        // The options of GlobalOptions, declared here rather than as an option group (GlobalOptions).
        @Option(name: GlobalOptions.dbName, help: GlobalOptions.dbHelp)
        var db: String?
        @Option(name: GlobalOptions.configName, help: GlobalOptions.configHelp)
        var config: String?
        // The options of EntryOutputOptions.
        @Flag(name: EntryOutputOptions.jsonName, help: EntryOutputOptions.jsonHelp)
        var json = false
        @Flag(name: EntryOutputOptions.nullNames, help: EntryOutputOptions.nullHelp)
        var null = false

        @Argument(help: "The query; several arguments are joined with spaces.")
        var query: [String]

        @Option(name: .customLong("sort"), help: "Order: relevance (the default when the query has words) or recent.")
        var sort: SearchOrder = .relevance

        // The options of PageOptions.
        @Option(name: PageOptions.limitName, help: PageOptions.limitHelp)
        var limit: Int?
        @Option(name: PageOptions.offsetName, help: PageOptions.offsetHelp)
        var offset = 0

        func validate() throws {
            try validateOutputAndPage()
        }

        func run() throws {
            let parsed = try SearchQuery.parse(query.joined(separator: " "))
            let store = try global.openStoreForReading()
            let columns = Terminal.outputColumns()
            var found = false
            // Printed as read: a search without a limit never holds every hit.
            try store.search(parsed, order: sort, limit: page.limit, offset: page.offset, withText: output.needsText) {
                found = true
                output.print($0, columns: columns)
            }
            Output.standard.flush()
            if !found { throw ExitCode(ExitStatus.nothingFound.rawValue) }
        }
    }
}
