import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta list`: the history, newest first.
    struct List: ParsableCommand, FlatListingOptions {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List entries, newest first.",
            discussion: "An empty history prints nothing and exits 0.")

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

        // The options of PageOptions.
        @Option(name: PageOptions.limitName, help: PageOptions.limitHelp)
        var limit: Int?
        @Option(name: PageOptions.offsetName, help: PageOptions.offsetHelp)
        var offset = 0

        @Flag(name: .customLong("pinned"), help: "Show only pinned entries.")
        var pinned = false

        @Option(
            name: .customLong("tag"), help: ArgumentHelp("Show only entries with this tag (case-insensitive).", valueName: "tag"))
        var tag: String?

        @Option(
            name: .customLong("collection"),
            help: ArgumentHelp("Show only entries in this collection (case-insensitive).", valueName: "name"))
        var collection: String?

        @Option(name: .customLong("kind"), help: ArgumentHelp("Show only entries of this kind.", valueName: "text|link|document"))
        var kind: EntryKind?

        @Flag(name: .customLong("snippets"), help: "Show only snippets (named entries).")
        var snippets = false

        @Option(
            name: .customLong("sort"),
            help: ArgumentHelp("Order by use count, last use or title instead of newest first.", valueName: "used|recent|title"))
        var sort: EntrySort?

        /// The checks of the output and page options, in the order their groups made them; an
        /// empty name matches no tag a command can set: refuse it rather than list nothing.
        func validate() throws {
            try validateOutputAndPage()
            if tag == "" { throw ValidationError("--tag needs a tag name") }
            if collection == "" { throw ValidationError("--collection needs a collection name") }
        }

        func run() throws {
            let store = try global.openStoreForReading()
            store.order = try global.loadConfig().order
            var filter = EntryFilter(
                pinnedOnly: pinned, tag: tag, limit: page.limit, offset: page.offset, collection: collection, kind: kind)
            filter.snippetsOnly = snippets
            filter.sort = sort
            let columns = Terminal.outputColumns()
            // The sync column appears once this machine was set up for sync (--json always has "sync").
            let badges = try store.syncSettings().isSetUp
            try store.forEachEntry(filter, withText: output.needsText) {
                output.print(output.withAI($0, store: store), columns: columns, badge: badges)
            }
            Output.standard.flush()
        }
    }
}
