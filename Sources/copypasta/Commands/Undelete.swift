import ArgumentParser

extension Copypasta {
    /// `copypasta undelete ID…`.
    struct Undelete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undelete",
            abstract: "Bring entries back from the trash, with their tags and pin. When any id is not in the trash, nothing changes.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The ids of the trashed entries.")
        var ids: [Int64]

        func run() throws {
            try global.openStoreExpiring().store.undelete(ids: ids)
        }
    }
}
