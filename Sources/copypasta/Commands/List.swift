import ArgumentParser
import CopypastaStore

extension Copypasta {
    /// `copypasta list`: the history, newest first.
    struct List: ParsableCommand {
        /// How the command is named and described in --help.
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List entries, newest first.",
            discussion: "An empty history prints nothing and exits 0.")

        /// Where the database and the config file are.
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

        /// Rejects option values their types cannot rule out (exit 64).
        func validate() throws {
            if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, got \(limit)") }
            if offset < 0 { throw ValidationError("--offset must be 0 or more, got \(offset)") }
        }

        /// Runs the command; a failure reaches main, which prints it and exits with its status.
        func run() throws {
            let store = try global.openStore()
            let filter = EntryFilter(pinnedOnly: pinned, tag: tag, limit: limit, offset: offset)
            let columns = Terminal.outputColumns()
            try store.forEachEntry(filter, withText: output.needsText) { output.print($0, columns: columns) }
            Output.standard.flush()
        }
    }
}
