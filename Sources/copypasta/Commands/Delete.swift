import ArgumentParser
import CopypastaCore

extension Copypasta {
    /// `copypasta delete [--purge] ID…`.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Move entries to the trash (--purge: delete them for good). When any id is unknown, nothing changes.",
            discussion: """
                Trashed entries leave list, search and pick; trash shows them and undelete brings them back. \
                They are deleted for good after trash-days days (0: delete does so at once).
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Delete for good, from the history or the trash, leaving no trace of the texts.")
        var purge = false

        @Argument(help: EntryReference.helpMany("The ids of the entries to delete"))
        var entries: [EntryReference]

        func run() throws {
            try global.changeHistory { store, config in
                let ids = try EntryReference.ids(entries, in: store)
                let files = try SnippetWriteBack.paths(store, ids: ids)
                if purge || config.trashDays == 0 {
                    try store.delete(ids: ids)
                } else {
                    try store.trash(ids: ids, at: .now())
                }
                try SnippetWriteBack.removeFiles(store, config: config, ids: ids, paths: files)
            }
        }
    }
}
