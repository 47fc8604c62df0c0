import ArgumentParser

extension Copypasta {
    /// `copypasta unpin ID…`.
    struct Unpin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unpin",abstract: "Unpin entries.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The ids of the entries to unpin.")
        var ids: [Int64]

        func run() throws {
            try global.openStoreExpiring().store.setPinned(ids: ids, false)
        }
    }
}
