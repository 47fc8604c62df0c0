import ArgumentParser
import CopypastaCore
import CopypastaStore
import CopypastaSystem
import Glibc

extension Copypasta {
    /// `copypasta add [TEXT]`: store a text by hand.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Store TEXT, or standard input, as a manual entry and print its id.",
            discussion: """
                A text equal to an existing entry moves that entry to the top (duplicates = move). A text that is \
                one URL, or --url, makes a link item whose archive is queued (archive-links); --file copies a \
                document into the library.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The text to store; read from standard input when left out.", valueName: "text"))
        var textArgument: String?

        @Flag(help: "Pin the new entry.")
        var pin = false

        @Option(name: .customLong("tag"), help: ArgumentHelp("Tag the new entry (repeatable).", valueName: "tag"))
        var tagOptions: [String] = []

        @Option(
            help: ArgumentHelp(
                "A share-sheet comment: quoted parts are the text (joined by newlines), other words tags.",
                valueName: "comment"))
        var comment: String?

        /// The text given: the quoted parts of --comment, else TEXT (nil: standard input).
        var text: String? { comment.flatMap { ShareComment.parse($0).text } ?? textArgument }

        /// The tags: those of --tag, then the other words of --comment.
        var tags: [String] { Self.merged(tagOptions, comment.map { ShareComment.parse($0).tags } ?? []) }

        @Option(help: ArgumentHelp("Name the new entry, making it a pinned snippet (see name).", valueName: "title"))
        var name: String?

        @Flag(help: "Make the entry secure: its text is encrypted with the passphrase (see secure).")
        var secure = false

        @OptionGroup var secret: PassphraseOptions

        @Flag(help: "Keep the entry on this machine: sync never writes it (see local).")
        var localOnly = false

        @Option(help: ArgumentHelp("Store a link item for URL (its archive queued per archive-links).", valueName: "url"))
        var url: String?

        @Option(help: ArgumentHelp("Copy the file at PATH into the library as a document.", valueName: "path"))
        var file: String?

        @Option(
            help: ArgumentHelp("The link's or document's title (a document's defaults to its file name).", valueName: "title"))
        var title: String?

        @Flag(help: "Also put the entry on the clipboard (as copy does).")
        var copy = false

        /// The selections to restore to.
        @OptionGroup var target: SelectionOptions

        /// The text comes either from TEXT or from the quotes of --comment.
        func validate() throws {
            if textArgument != nil, let comment, ShareComment.parse(comment).text != nil {
                throw ValidationError("give the text either as TEXT or in the quotes of --comment, not both")
            }
        }

        ///
        /// Everything that can be checked is checked before the database is
        /// touched, and the id is printed inside the transaction: when it
        /// cannot be written (a full disk, /dev/full), nothing is stored, and
        /// when the commit fails after it, the message takes the id back.
        func run() throws {
            let config = try global.loadConfig()
            if url != nil || file != nil { return try runLibrary(config: config) }
            let tags = self.tags
            for tag in tags {
                if let problem = TagName.problem(tag) { throw CoreError.data("\(problem); nothing was stored") }
            }
            if let name, let problem = SnippetTitle.problem(name) { throw CoreError.data("\(problem); nothing was stored") }
            let text = try self.text ?? Self.readStandardInputText(limit: config.maxBytes)
            guard !text.isEmpty else { throw CoreError.data("nothing to add: the text is empty") }
            let bytes = text.utf8.count
            guard bytes <= config.maxBytes else { throw Self.tooLarge("the text is \(bytes) bytes, more", config.maxBytes) }
            let outcome = try global.changeHistory { store, _ in try add(text, tags: tags, to: store, config: config) }
            if copy, let id = outcome.id { try Restore.entry(id, selections: target.selections, global: global, secret: secret) }
        }

        /// Stores `text`, printing its id inside the transaction, and attaches its link when it is one.
        private func add(_ text: String, tags: [String], to store: HistoryStore, config: Config) throws -> HistoryStore.Outcome {
            let key = secure ? try secret.key(store: store, config: config, create: true) : nil
            var printed: Int64?
            let outcome: HistoryStore.Outcome
            do {
                outcome = try store.add(
                    text, at: .now(), policy: config.duplicates, maxEntries: config.maxEntries, pinned: pin, tags: tags,
                    title: name, seal: key, syncLocal: localOnly || config.syncExcluded(text: text, app: nil)
                ) { id in
                    Output.standard.write("\(id)\n")
                    try Output.standard.flushOrThrow()
                    printed = id
                }
            } catch let failure as CopypastaFailure {
                // Only the commit can fail after the print, and then nothing was stored.
                if let printed { throw CopypastaExit.notStored(failure, id: printed) }
                throw failure
            }
            if let id = outcome.id, key == nil, Self.isArchivable(text) {
                try store.attachLink(id: id, url: text, archive: config.library.archiveLinks != .off)
                if config.library.archiveLinks != .off || config.ai.auto != .off { ArchiveKick.send(global) }
            }
            return outcome
        }

        /// `tags` then the `extra` ones not among them (compared case-insensitively, as tags are).
        static func merged(_ tags: [String], _ extra: [String]) -> [String] {
            var seen = Set(tags.map { $0.lowercased() })
            return tags + extra.filter { seen.insert($0.lowercased()).inserted }
        }

        /// Standard input, which must be UTF-8; reads at most `limit` + 1 bytes before refusing.
        static func readStandardInputText(limit: Int) throws -> String {
            let bytes: [UInt8]
            do {
                bytes = try FileInput.readAll(0, limit: limit)
            } catch .tooLarge {
                throw tooLarge("standard input holds more", limit)
            } catch let .system(code) {
                throw CoreError.data("cannot read standard input: \(SystemError.describe(code))")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CoreError.data("standard input is not valid UTF-8 text; nothing was stored")
            }
            return text
        }

        private static func tooLarge(_ what: String, _ limit: Int) -> CoreError {
            .data("\(what) than max-bytes (\(limit) bytes); nothing was stored (raise max-bytes to store it)")
        }
    }
}
