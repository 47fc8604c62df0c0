import ArgumentParser

extension Copypasta {
    /// `copypasta unpin ID…`.
    struct Unpin: ParsableCommand {
        /// How the command is named and described in --help.
        static let configuration = CommandConfiguration(
            commandName: "unpin",abstract: "Unpin entries.")

        /// Where the database and the config file are.
        @OptionGroup var global: GlobalOptions

        @Argument(help: "The ids of the entries to unpin.")
        var ids: [Int64]

        /// Runs the command; a failure reaches main, which prints it and exits with its status.
        func run() throws {
            try global.openStore().setPinned(ids: ids, false)
        }
    }
}
