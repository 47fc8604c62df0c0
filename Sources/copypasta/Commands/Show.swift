import ArgumentParser
import CopypastaStore

extension Copypasta {
    /// `copypasta show ID`: the exact text, byte for byte, after a library item's fields (Show+Library).
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print an entry's exact text, byte for byte; a library item's fields come first.")

        // The options of GlobalOptions, declared here rather than as an option group (GlobalOptions).
        @Option(name: GlobalOptions.dbName, help: GlobalOptions.dbHelp)
        var db: String?
        @Option(name: GlobalOptions.configName, help: GlobalOptions.configHelp)
        var config: String?

        // The option of PassphraseOptions.
        @Option(name: PassphraseOptions.passphraseFDName, help: PassphraseOptions.passphraseFDHelp)
        var passphraseFD: Int32?

        private var global: GlobalOptions { GlobalOptions.parsed(db: db, config: config) }
        private var secret: PassphraseOptions { PassphraseOptions.parsed(passphraseFD: passphraseFD) }

        @Argument(help: EntryReference.help("The entry\'s id"))
        var entry: EntryReference

        @Flag(help: "Print the stored AI results (summary, key points, suggested tags, model, time) instead of the text.")
        var ai = false

        @Flag(help: "Print the entry as one JSON line, as list --json does, library fields included.")
        var json = false

        /// A secure entry is opened here with the passphrase; the daemon's unlocked key is not asked
        /// for, so the text never crosses the socket.
        func run() throws {
            let store = try global.openStoreForReading()
            let id = try entry.id(in: store)
            if ai { return try Self.printAI(store, id: id) }
            if json { return try Self.printJSON(store, id: id) }
            if let header = Self.libraryHeader(try store.entry(id: id)) { Output.standard.write(Array(header.utf8)) }
            if try store.isSecure(id: id) == true {
                let key = try secret.key(store: store, config: try global.loadConfig(), create: false)
                Output.standard.write(try store.secureText(id: id, key: key))
            } else {
                try store.withTextBytes(id: id) { Output.standard.write($0) }
            }
            Output.standard.flush()
        }

        /// `show --ai`: the summary, the key points, the suggested tags, then the model and the time;
        /// exit 1 when the assistant never ran on the entry.
        private static func printAI(_ store: HistoryStore, id: Int64) throws {
            guard let result = try store.aiResult(id: id) else {
                throw CopypastaExit.cancelled("entry \(id) has no AI results (copypasta ai summarize \(id))")
            }
            var text = result.summary.map { $0 + "\n" } ?? ""
            text += result.keyPoints.map { "- \($0)\n" }.joined()
            if !result.tags.isEmpty { text += "tags: " + result.tags.joined(separator: " ") + "\n" }
            text += "model: \(result.model)\nat: \(result.at.iso8601)\n"
            Output.standard.write(Array(text.utf8))
            Output.standard.flush()
        }
    }
}
