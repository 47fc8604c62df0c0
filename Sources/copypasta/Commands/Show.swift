import ArgumentParser

extension Copypasta {
    /// `copypasta show ID`: the exact text, byte for byte.
    struct Show: ParsableCommand {
        /// How the command is named and described in --help.
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print an entry's exact text, byte for byte, with nothing added.")

        /// Where the database and the config file are.
        @OptionGroup var global: GlobalOptions

        @Argument(help: "The entry's id, as shown by list.")
        var id: Int64

        /// Runs the command; a failure reaches main, which prints it and exits with its status.
        func run() throws {
            let store = try global.openStore()
            try store.withTextBytes(id: id) { Output.standard.write($0) }
            Output.standard.flush()
        }
    }
}
