import ArgumentParser

extension Copypasta {
    /// `copypasta pin ID…`.
    struct Pin: ParsableCommand {
        /// How the command is named and described in --help.
        static let configuration = CommandConfiguration(
            commandName: "pin",abstract: "Pin entries so that retention and clear keep them.")

        /// Where the database and the config file are.
        @OptionGroup var global: GlobalOptions

        @Argument(help: "The ids of the entries to pin.")
        var ids: [Int64]

        /// Runs the command; a failure reaches main, which prints it and exits with its status.
        func run() throws {
            try global.openStore().setPinned(ids: ids, true)
        }
    }
}
