import ArgumentParser

extension Copypasta {
    /// `copypasta untag ID TAG…`.
    struct Untag: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "untag",abstract: "Remove tags from an entry.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The entry's id.")
        var id: Int64

        @Argument(help: "One or more tags.")
        var tags: [String]

        func run() throws {
            try global.openStore().removeTags(id: id, tags)
        }
    }
}
