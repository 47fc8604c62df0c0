import ArgumentParser

extension Copypasta {
    /// `copypasta pin ID…`.
    struct Pin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pin", abstract: "Pin entries so that retention and clear keep them.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: EntryReference.helpMany("The ids of the entries to pin"))
        var entries: [EntryReference]

        func run() throws {
            try global.changeHistory { store, _ in try store.setPinned(ids: EntryReference.ids(entries, in: store), true) }
        }
    }
}
