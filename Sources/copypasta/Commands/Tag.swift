import ArgumentParser

extension Copypasta {
    /// `copypasta tag ID TAG…`.
    struct Tag: ParsableCommand {
        /// How the command is named and described in --help.
        static let configuration = CommandConfiguration(
            commandName: "tag",
            abstract: "Tag an entry. Tags are case-insensitive words; the first-seen casing is kept.")

        /// Where the database and the config file are.
        @OptionGroup var global: GlobalOptions

        @Argument(help: "The entry's id.")
        var id: Int64

        @Argument(help: "One or more tags.")
        var tags: [String]

        /// Runs the command; a failure reaches main, which prints it and exits with its status.
        func run() throws {
            try global.openStore().addTags(id: id, tags)
        }
    }
}
