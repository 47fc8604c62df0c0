import ArgumentParser

extension Copypasta {
    /// `copypasta delete ID…`.
    struct Delete: ParsableCommand {
        /// How the command is named and described in --help.
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete entries. When any id is unknown, nothing is deleted.")

        /// Where the database and the config file are.
        @OptionGroup var global: GlobalOptions

        @Argument(help: "The ids of the entries to delete.")
        var ids: [Int64]

        /// Runs the command; a failure reaches main, which prints it and exits with its status.
        func run() throws {
            try global.openStore().delete(ids: ids)
        }
    }
}
