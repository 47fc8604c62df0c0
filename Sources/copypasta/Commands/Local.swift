import ArgumentParser

extension Copypasta {
    /// `copypasta local ID`: keep an entry on this machine.
    struct Local: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "local", abstract: "Keep an entry on this machine: sync never writes it again.",
            discussion: "If the entry had already been shared, the other machines are told to delete their copy; it stays here.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: EntryReference.help("The entry to keep local"))
        var entry: EntryReference

        func run() throws {
            try global.changeHistory { store, _ in try store.setLocalOnly(id: try entry.id(in: store)) }
        }
    }
}
