import ArgumentParser

extension Copypasta {
    /// `copypasta tag ID TAG…`.
    struct Tag: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tag",
            abstract: "Tag an entry. Tags are case-insensitive words; the first-seen casing is kept.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The entry's id.")
        var id: Int64

        @Argument(help: "One or more tags.")
        var tags: [String]

        func run() throws {
            try global.openStore().addTags(id: id, tags)
        }
    }
}
