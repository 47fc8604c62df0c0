import ArgumentParser

extension Copypasta {
    /// `copypasta untag ID TAG…`.
    struct Untag: ParsableCommand {
        /// How the command is named and described in --help.
        static let configuration = CommandConfiguration(
            commandName: "untag",abstract: "Remove tags from an entry.")

        /// Where the database and the config file are.
        @OptionGroup var global: GlobalOptions

        @Argument(help: "The entry's id.")
        var id: Int64

        @Argument(help: "One or more tags.")
        var tags: [String]

        /// Runs the command; a failure reaches main, which prints it and exits with its status.
        func run() throws {
            try global.openStore().removeTags(id: id, tags)
        }
    }
}
