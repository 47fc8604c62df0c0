import ArgumentParser

extension Copypasta {
    /// `copypasta unpin ID…`.
    struct Unpin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unpin", abstract: "Unpin entries.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: EntryReference.helpMany("The ids of the entries to unpin"))
        var entries: [EntryReference]

        func run() throws {
            try global.changeHistory { store, _ in try store.setPinned(ids: EntryReference.ids(entries, in: store), false) }
        }
    }
}
