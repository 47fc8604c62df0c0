import ArgumentParser

extension Copypasta {
    /// `copypasta delete ID…`.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete entries. When any id is unknown, nothing is deleted.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The ids of the entries to delete.")
        var ids: [Int64]

        func run() throws {
            try global.openStore().delete(ids: ids)
        }
    }
}
