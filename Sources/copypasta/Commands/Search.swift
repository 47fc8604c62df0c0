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
                before is exclusive, after inclusive), kind:text|link|document, archive:pending|full|partial|failed|none, collection:NAME, in:trash (search the trash), \
                re:PATTERN (a PCRE2 regular expression the text must match; quote it as re:"a b" when it has spaces). \
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
        var query: [String] = []

        @Option(
            name: .customLong("regex"),
            help: ArgumentHelp(
                "Only entries whose text matches this PCRE2 regular expression (repeatable; all must match).",
                valueName: "pattern"))
        var regex: [String] = []

        @Flag(name: [.customShort("i"), .customLong("ignore-case")], help: "The regular expressions ignore case, as (?i) does.")
        var ignoreCase = false

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
            var parsed = query.isEmpty && !regex.isEmpty ? SearchQuery() : try SearchQuery.parse(query.joined(separator: " "))
            parsed.patterns += regex
            parsed.patternsIgnoreCase = ignoreCase
            let store = try global.openStoreForReading()
            let columns = Terminal.outputColumns()
            var found = false
            // Printed as read: a search without a limit never holds every hit.
            try store.search(parsed, order: sort, limit: page.limit, offset: page.offset, withText: output.needsText) {
                found = true
                output.print(output.withAI($0, store: store), columns: columns)
            }
            Output.standard.flush()
            Self.reportRegexGaveUp(store)
            if !found { throw ExitCode(ExitStatus.nothingFound.rawValue) }
        }

        /// Says on standard error, after the results, on how many entries a regular expression
        /// gave up (PCRE2's limits; copypasta(1) `search`): they were left out as not matching.
        static func reportRegexGaveUp(_ store: HistoryStore) {
            let count = store.regexGaveUp
            guard count > 0 else { return }
            Output.standard.flush()
            Terminal.warn(
                "the regular expression gave up on \(count) \(count == 1 ? "entry" : "entries") (PCRE2's match limit); "
                    + "they count as not matching")
        }
    }
}
