import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta trash [list|empty]`.
    struct Trash: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "trash",
            abstract: "Show the trash (the default) or empty it.",
            discussion: """
                Deleted entries wait in the trash for trash-days days (default 10), then they are deleted for good \
                by the daemon (at start and once a day) or by the next command that writes. search in:trash searches it.
                """,
            subcommands: [TrashList.self, TrashEmpty.self],
            defaultSubcommand: TrashList.self)
    }

    /// `copypasta trash [list]`: the trash in the formats of list.
    struct TrashList: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the trashed entries, newest first, as list does.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: EntryOutputOptions
        @OptionGroup var page: PageOptions

        func run() throws {
            let store = try global.openStoreForReading()
            let filter = EntryFilter(limit: page.limit, offset: page.offset, inTrash: true)
            let columns = Terminal.outputColumns()
            try store.forEachEntry(filter, withText: output.needsText) { output.print($0, columns: columns) }
            Output.standard.flush()
        }
    }

    /// `copypasta trash empty`: delete every trashed entry for good.
    struct TrashEmpty: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "empty",
            abstract: "Delete every entry in the trash for good.",
            discussion: "Asks for confirmation when standard input is a terminal; scripts pass --yes.")

        @OptionGroup var global: GlobalOptions

        @Flag(name: [.short, .long], help: "Do not ask for confirmation.")
        var yes = false

        func run() throws {
            try global.changeHistory { store, _ in
                if !yes {
                    guard Terminal.isTerminal(0) else {
                        throw CoreError.usage("trash empty deletes for good; pass --yes to confirm when not on a terminal")
                    }
                    guard Terminal.confirm("Delete the \(try store.trashCount()) entries in the trash of \(store.path) for good?")
                    else {
                        throw CopypastaExit.cancelled("nothing deleted")
                    }
                }
                Terminal.warn("deleted \(try store.emptyTrash()) entries for good")
            }
        }
    }
}
