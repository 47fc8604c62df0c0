import ArgumentParser
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

        @Option(help: "Show at most this many entries.")
        var limit: Int?

        @Option(help: "Skip this many entries first.")
        var offset = 0

        @Flag(help: "Show only pinned entries.")
        var pinned = false

        @Option(help: ArgumentHelp("Show only entries with this tag (case-insensitive).", valueName: "tag"))
        var tag: String?

        func validate() throws {
            if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, got \(limit)") }
            if offset < 0 { throw ValidationError("--offset must be 0 or more, got \(offset)") }
        }

        func run() throws {
            let store = try global.openStore()
            let filter = EntryFilter(pinnedOnly: pinned, tag: tag, limit: limit, offset: offset)
            let columns = Terminal.outputColumns()
            try store.forEachEntry(filter, withText: output.needsText) { output.print($0, columns: columns) }
            Output.standard.flush()
        }
    }
}
