import ArgumentParser
import CopypastaCore
import CopypastaDaemon
import CopypastaStore

extension Copypasta {
    /// `copypasta add [TEXT]`: store a text by hand.
    struct Add: ParsableCommand {
        /// How the command is named and described in --help.
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Store TEXT, or standard input, as a manual entry and print its id.",
            discussion: "A text equal to an existing entry moves that entry to the top (duplicates = move).")

        /// Where the database and the config file are.
        @OptionGroup var global: GlobalOptions

        @Argument(help: "The text to store; read from standard input when left out.")
        var text: String?

        @Flag(help: "Pin the new entry.")
        var pin = false

        @Option(name: .customLong("tag"), help: ArgumentHelp("Tag the new entry (repeatable).", valueName: "tag"))
        var tags: [String] = []

        @Flag(help: "Also put the entry on the clipboard (as copy does).")
        var copy = false

        /// The selections to restore to.
        @OptionGroup var target: SelectionOptions

        /// Runs the command; a failure reaches main, which prints it and exits with its status.
        func run() throws {
            let config = try global.loadConfig()
            let text = try self.text ?? Self.readStandardInputText()
            guard !text.isEmpty else { throw CoreError.data("nothing to add: the text is empty") }
            let bytes = text.utf8.count
            guard bytes <= config.maxBytes else {
                throw CoreError.data("the text is \(bytes) bytes, more than max-bytes (\(config.maxBytes)); raise max-bytes to store it")
            }
            let store = try global.openStore()
            let id = try store.add(text, at: .now(), policy: config.duplicates, maxEntries: config.maxEntries).id
            if pin { try store.setPinned(ids: [id], true) }
            if !tags.isEmpty { try store.addTags(id: id, tags) }
            Output.standard.write("\(id)\n")
            Output.standard.flush()
            if copy { try Restore.entry(id, selections: target.selections, global: global) }
        }

        /// All of standard input, which must be UTF-8.
        static func readStandardInputText() throws -> String {
            guard let bytes = try? FileInput.readAll(0) else {
                throw CoreError.data("cannot read standard input")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CoreError.data("standard input is not valid UTF-8 text; nothing was stored")
            }
            return text
        }
    }
}

extension HistoryStore.Outcome {
    /// The id of the inserted or moved entry; an add is never `unchanged`.
    var id: Int64 {
        switch self {
        case let .inserted(id), let .moved(id): id
        case .unchanged: preconditionFailure("add never reports an unchanged outcome")
        }
    }
}
