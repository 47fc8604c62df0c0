import ArgumentParser
import CopypastaCore

extension Copypasta {
    /// `copypasta attach ID --url URL | --file PATH`: give any item a URL or a file.
    struct Attach: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "attach",
            abstract: "Give an entry a URL (its archive queued per archive-links) or a copy of a file.",
            discussion: "An entry keeps its kind; a new URL or file replaces the one it had.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: EntryReference.help("The entry\'s id"))
        var entry: EntryReference

        @Option(help: ArgumentHelp("The URL to attach.", valueName: "url"))
        var url: String?

        @Option(help: ArgumentHelp("The file to copy in and attach.", valueName: "path"))
        var file: String?

        /// Exactly one of --url and --file.
        func validate() throws {
            if (url == nil) == (file == nil) { throw ValidationError("attach needs exactly one of --url URL and --file PATH") }
        }

        func run() throws {
            try global.changeHistory { store, config in
                let id = try entry.id(in: store)
                if let url {
                    try store.attachLink(id: id, url: url, archive: config.library.archiveLinks != .off)
                    if config.library.archiveLinks != .off || config.ai.auto != .off { ArchiveKick.send(global) }
                } else if let file {
                    let copied = try store.payloads.copyIn(from: file, maxBytes: Int64(config.library.maxFileBytes))
                    let path = store.payloads.path(.documents, copied.folder) + "/" + copied.name
                    try store.attachFile(id: id, copied, body: DocumentExtraction.text(path: path, name: copied.name))
                }
            }
        }
    }

    /// `copypasta detach ID --url | --file`: take a URL (with its archive) or a file off an item.
    struct Detach: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "detach",
            abstract: "Take an entry's URL (with its archive) or its file off it; the files are deleted.",
            discussion: "The entry itself and its text stay; a document keeps its kind.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: EntryReference.help("The entry\'s id"))
        var entry: EntryReference

        @Flag(help: "Detach the URL and delete its archive.")
        var url = false

        @Flag(help: "Detach the file and delete its copy.")
        var file = false

        /// Exactly one of --url and --file.
        func validate() throws {
            if url == file { throw ValidationError("detach needs exactly one of --url and --file") }
        }

        func run() throws {
            try global.changeHistory { store, _ in
                let id = try entry.id(in: store)
                let removed = url ? try store.detachLink(id: id) : try store.detachFile(id: id)
                if !removed { throw CoreError.data("entry \(id) carries no \(url ? "URL" : "file"); nothing was changed") }
            }
        }
    }
}
