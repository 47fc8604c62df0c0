import ArgumentParser

extension Copypasta {
    /// `copypasta undelete ID…`.
    struct Undelete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undelete",
            abstract:
                "Bring entries back from the trash, with their tags and pin. When any id is not in the trash, nothing changes.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: EntryReference.helpMany("The ids of the trashed entries"))
        var entries: [EntryReference]

        func run() throws {
            try global.changeHistory { store, _ in try store.undelete(ids: EntryReference.ids(entries, in: store)) }
        }
    }
}
