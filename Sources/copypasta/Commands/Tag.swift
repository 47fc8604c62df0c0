import ArgumentParser
import CopypastaCore

extension Copypasta {
    /// `copypasta tag ID TAG…`.
    struct Tag: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tag",
            abstract: "Tag an entry. Tags are case-insensitive words; the first-seen casing is kept.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: EntryReference.help("The entry\'s id"))
        var entry: EntryReference

        @Argument(help: "One or more tags.")
        var tags: [String] = []

        @Option(help: ArgumentHelp("Put the entry in this collection (the tag collection:NAME).", valueName: "name"))
        var collection: [String] = []

        func run() throws {
            try global.changeHistory { store, _ in
                try store.addTags(id: entry.id(in: store), tags + collection.map(CollectionTag.tag))
            }
        }

        /// A tag or a collection is needed.
        func validate() throws {
            if tags.isEmpty && collection.isEmpty { throw ValidationError("name at least one tag or --collection NAME") }
        }
    }
}
