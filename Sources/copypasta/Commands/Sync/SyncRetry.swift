import ArgumentParser

extension Copypasta {
    /// `copypasta sync retry [ID|--all]`.
    struct SyncRetry: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "retry", abstract: "Queue failed entries again: one entry, or all of them with --all.",
            discussion: "Prints how many entries and deletions were queued again.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: EntryReference.help("The failed entry to queue again"))
        var entry: EntryReference?

        @Flag(help: "Queue every failed entry (and deletion) again.")
        var all = false

        func validate() throws {
            if (entry == nil) == !all { throw ValidationError("give an entry id or --all (not both)") }
        }

        func run() throws {
            let store = try global.openStore()
            let count = try store.retrySync(id: try entry?.id(in: store))
            Output.standard.write("queued again: \(count)\n")
            Output.standard.flush()
            if count > 0 { SyncKick.send(global) }
        }
    }
}
