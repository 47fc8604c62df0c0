import ArgumentParser
import CopypastaCore

extension Copypasta {
    /// `copypasta untag ID TAG…`.
    struct Untag: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "untag", abstract: "Remove tags from an entry.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: EntryReference.help("The entry\'s id"))
        var entry: EntryReference

        @Argument(help: "One or more tags.")
        var tags: [String] = []

        @Option(help: ArgumentHelp("Take the entry out of this collection.", valueName: "name"))
        var collection: [String] = []

        func run() throws {
            try global.changeHistory { store, _ in
                try store.removeTags(id: entry.id(in: store), tags + collection.map(CollectionTag.tag))
            }
        }

        /// A tag or a collection is needed.
        func validate() throws {
            if tags.isEmpty && collection.isEmpty { throw ValidationError("name at least one tag or --collection NAME") }
        }
    }
}
