import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta list`: the history, newest first.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List entries, newest first.",
            discussion: "An empty history prints nothing and exits 0.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: EntryOutputOptions

        @OptionGroup var page: PageOptions

        @Flag(help: "Show only pinned entries.")
        var pinned = false

        @Option(help: ArgumentHelp("Show only entries with this tag (case-insensitive).", valueName: "tag"))
        var tag: String?

        @Option(help: ArgumentHelp("Show only entries in this collection (case-insensitive).", valueName: "name"))
        var collection: String?

        @Option(help: ArgumentHelp("Show only links or only other texts.", valueName: "link|text"))
        var kind: EntryKind?

        @Flag(help: "Show only snippets (named entries).")
        var snippets = false

        @Option(
            help: ArgumentHelp("Order by use count, last use or title instead of newest first.", valueName: "used|recent|title"))
        var sort: EntrySort?

        /// An empty name matches no tag a command can set; refuse it rather than list nothing.
        func validate() throws {
            if tag == "" { throw ValidationError("--tag needs a tag name") }
            if collection == "" { throw ValidationError("--collection needs a collection name") }
        }

        func run() throws {
            let store = try global.openStore()
            var filter = EntryFilter(
                pinnedOnly: pinned, tag: tag, limit: page.limit, offset: page.offset, collection: collection, kind: kind)
            filter.snippetsOnly = snippets
            filter.sort = sort
            let columns = Terminal.outputColumns()
            // The sync column appears once this machine was set up for sync (--json always has "sync").
            let badges = try store.syncSettings().isSetUp
            try store.forEachEntry(filter, withText: output.needsText) { output.print($0, columns: columns, badge: badges) }
            Output.standard.flush()
        }
    }
}

extension EntrySort: ExpressibleByArgument {}
