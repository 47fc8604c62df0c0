import ArgumentParser
import CopypastaCore
import CopypastaStore
import CopypastaSystem

extension Copypasta {
    /// `copypasta edit ID`: a new entry from the edited text; the old one goes to the trash.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Edit an entry's text in $VISUAL or $EDITOR, or its title and tags.",
            discussion: """
                The edited text is stored as a new entry with the old one's title, tags and pin; the old \
                entry moves to the trash (undelete brings it back). An unchanged or empty file changes nothing.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: EntryReference.help("The entry\'s id"))
        var entry: EntryReference

        @Option(help: ArgumentHelp("Set the title instead of editing the text (empty: clear it).", valueName: "title"))
        var title: String?

        @Option(
            help: ArgumentHelp(
                "Set the tags instead of editing the text: a comma-separated list (empty: none; collections stay).",
                valueName: "tags"))
        var tags: String?

        @Flag(help: "Pin the entry instead of editing the text (as pin does).")
        var pin = false

        @Flag(help: "Unpin the entry instead of editing the text (as unpin does).")
        var unpin = false

        @Flag(help: "Edit a secure entry: ask for the passphrase and open its text into the file.")
        var secure = false

        @OptionGroup var secret: PassphraseOptions

        /// The tags of `--tags`, without spaces around the commas.
        private var tagList: [String] {
            (tags ?? "").split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
        }

        /// Whether the command changes metadata only, without an editor.
        private var editsMetadata: Bool { title != nil || tags != nil || pin || unpin }

        func validate() throws {
            if pin && unpin { throw ValidationError("--pin and --unpin exclude each other") }
            if secure && editsMetadata { throw ValidationError("--secure edits the text, not --title, --tags or the pin") }
            if let title, !title.isEmpty, let problem = SnippetTitle.problem(title) { throw ValidationError(problem) }
            for tag in tagList { if let problem = TagName.problem(tag) { throw ValidationError(problem) } }
        }

        func run() throws {
            let edited = try global.changeHistory { store, config -> Int64? in
                let id = try entry.id(in: store)
                guard editsMetadata else { return try editText(id, store: store, config: config) }
                if let title { try store.setTitle(id: id, title.isEmpty ? nil : title) }
                if tags != nil { try store.setTags(id: id, tagList) }
                if pin || unpin { try store.setPinned(ids: [id], pin) }
                return nil
            }
            guard let newID = edited else { return }
            Output.standard.write("\(newID)\n")
            Output.standard.flush()
        }

        /// Runs the editor on the entry's text; the new entry's id, or nil when nothing changed.
        private func editText(_ id: Int64, store: HistoryStore, config: Config) throws -> Int64? {
            let sealed = try store.isSecure(id: id) == true
            if sealed && !secure {
                throw ValidationError("entry \(id) is secure: add --secure to open it into a file with the passphrase")
            }
            let key = sealed ? try secret.key(store: store, config: config, create: false) : nil
            var original = Array((try key.map { try store.secureText(id: id, key: $0) } ?? store.text(id: id)).utf8)
            defer { Sodium.wipe(&original) }
            let file = try EditFile(in: global.paths().runtimeDirectory, id: id, text: original, wipe: sealed)
            defer { file.remove() }
            let argv = try Self.editor() + [file.path]
            let status: Int32
            do {
                status = try Spawn.runAttached(argv)
            } catch {
                throw CopypastaExit.unavailable("\(error); nothing changed (set VISUAL or EDITOR)")
            }
            guard status == 0 else { throw CopypastaExit.cancelled("the editor exited with status \(status); nothing changed") }
            var edited = Self.withoutAddedNewline(try file.read(limit: config.maxBytes), original: original)
            defer { Sodium.wipe(&edited) }
            if edited.isEmpty || edited == original {
                Terminal.warn("the text is \(edited.isEmpty ? "empty" : "unchanged"); nothing changed")
                return nil
            }
            guard let text = String(validating: edited, as: UTF8.self) else {
                throw CoreError.data("the edited file is not valid UTF-8 text; nothing changed")
            }
            return try store.replace(id: id, with: text, at: .now(), maxEntries: config.maxEntries, seal: key)
        }

        /// The editor's command line: $VISUAL, else $EDITOR, else vi, split into words (no shell).
        static func editor() throws -> [String] {
            let values = Environment.values
            let line = [values["VISUAL"], values["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
            guard let argv = CommandWords.split(line), !argv.isEmpty else {
                throw ValidationError("the editor \(Visible.quoted(line)) is not a valid command line")
            }
            return argv
        }

        /// An editor ends the last line with a newline (vi does, always): one the original did not
        /// have is not an edit.
        static func withoutAddedNewline(_ bytes: [UInt8], original: [UInt8]) -> [UInt8] {
            guard bytes.last == UInt8(ascii: "\n"), original.last != UInt8(ascii: "\n") else { return bytes }
            return Array(bytes.dropLast())
        }
    }
}
