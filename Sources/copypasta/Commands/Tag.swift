import ArgumentParser
import CopypastaCore

/// Whether a ``TagCommand`` adds or removes tags (ArgumentParser wants a type per command).
protocol TagRow {
    /// True for `tag`, false for `untag`.
    static var adds: Bool { get }
}

/// `copypasta tag ID TAG…` and `copypasta untag ID TAG…`: one command type, the way it changes tags.
struct TagCommand<Row: TagRow>: ParsableCommand {
    /// `tag` or `untag`, with its help.
    static var configuration: CommandConfiguration {
        Row.adds
            ? CommandConfiguration(
                commandName: "tag",
                abstract: "Tag an entry. Tags are case-insensitive words; the first-seen casing is kept.")
            : CommandConfiguration(commandName: "untag", abstract: "Remove tags from an entry.")
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: EntryReference.help("The entry\'s id"))
    var entry: EntryReference

    @Argument(help: "One or more tags.")
    var tags: [String] = []

    @Option(
        help: ArgumentHelp(
            Row.adds ? "Put the entry in this collection (the tag collection:NAME)." : "Take the entry out of this collection.",
            valueName: "name"))
    var collection: [String] = []

    /// Adds or removes the tags and collections named.
    func run() throws {
        try global.changeHistory { store, _ in
            let id = try entry.id(in: store)
            let names = tags + collection.map(CollectionTag.tag)
            if Row.adds { try store.addTags(id: id, names) } else { try store.removeTags(id: id, names) }
        }
    }

    /// A tag or a collection is needed.
    func validate() throws {
        if tags.isEmpty && collection.isEmpty { throw ValidationError("name at least one tag or --collection NAME") }
    }
}

extension Copypasta {
    /// `copypasta tag`.
    enum TagRowAdd: TagRow { static let adds = true }
    /// `copypasta untag`.
    enum TagRowRemove: TagRow { static let adds = false }
    /// `copypasta tag ID TAG…`.
    typealias Tag = TagCommand<TagRowAdd>
    /// `copypasta untag ID TAG…`.
    typealias Untag = TagCommand<TagRowRemove>
}
