import ArgumentParser

extension Copypasta {
    /// `copypasta pin ID…`.
    struct Pin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pin",abstract: "Pin entries so that retention and clear keep them.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The ids of the entries to pin.")
        var ids: [Int64]

        func run() throws {
            try global.openStoreExpiring().store.setPinned(ids: ids, true)
        }
    }
}
