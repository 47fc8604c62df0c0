import ArgumentParser

extension Copypasta {
    /// `copypasta show ID`: the exact text, byte for byte.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print an entry's exact text, byte for byte, with nothing added.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: EntryReference.help("The entry\'s id"))
        var entry: EntryReference

        func run() throws {
            let store = try global.openStore()
            try store.withTextBytes(id: entry.id(in: store)) { Output.standard.write($0) }
            Output.standard.flush()
        }
    }
}
