import ArgumentParser
import CopypastaClient
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta pick`: choose an entry with a launcher and restore it.
    struct Pick: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pick",
            abstract: "Choose an entry with rofi, dmenu or fzf and put it back on the clipboard.",
            discussion: """
                The launcher comes from --launcher, COPYPASTA_LAUNCHER or the launcher config key (a command line, \
                run without a shell), else rofi -dmenu, else dmenu, else fzf when on a terminal. It reads lines \
                'ID<TAB>preview' (--null: full texts, NUL-terminated; --json: JSON Lines) and prints the chosen one. \
                Cancelling exits 1 and changes nothing.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: EntryOutputOptions
        @OptionGroup var target: SelectionOptions

        @Option(help: ArgumentHelp("The launcher command line, e.g. 'rofi -dmenu -i'.", valueName: "command"))
        var launcher: String?

        @Flag(help: "Offer only pinned entries.")
        var pinned = false

        @Option(help: ArgumentHelp("Offer only entries with this tag.", valueName: "tag"))
        var tag: String?

        @Option(help: ArgumentHelp("Offer only entries in this collection.", valueName: "name"))
        var collection: String?

        @Option(help: ArgumentHelp("Offer only links or only other texts.", valueName: "link|text"))
        var kind: EntryKind?

        @Flag(help: "Offer only snippets (named entries).")
        var snippets = false

        @Option(help: "Offer at most this many entries.")
        var limit = 1000

        @Flag(help: "Paste the chosen entry into the focused window, then put the previous clipboard content back.")
        var paste = false

        @Flag(name: .customLong("type"), help: "Type the chosen entry into the focused window as keystrokes.")
        var typeText = false

        @Argument(help: "A search query that narrows the entries offered (as for search).")
        var query: [String] = []

        @Flag(help: "Take the best match without a launcher (for hotkeys); exits 1 when nothing matches.")
        var first = false

        func run() throws {
            let config = try global.loadConfig()
            let argv = first ? [] : try launcherCommand(config)
            let entries = try candidates(order: config.order)
            guard let best = entries.first else {
                throw CopypastaExit.cancelled(first ? "nothing matches" : "nothing to pick from")
            }
            let id = first ? best.id : try choose(argv, from: entries)
            if paste { return try PasteCommand.paste(id, global: global) }
            if typeText { return try TypeCommand.type(id, global: global) }
            try Restore.entry(id, selections: target.selections, global: global)
        }

        /// The id the user chose with the launcher; exit 1 when cancelled.
        private func choose(_ argv: [String], from entries: [Entry]) throws -> Int64 {
            let (status, chosen) = try Launcher.run(argv, input: Self.menu(entries, output: output))
            guard status == 0, let id = Self.chosenID(chosen), entries.contains(where: { $0.id == id }) else {
                throw ExitCode(ExitStatus.nothingFound.rawValue)
            }
            return id
        }

        /// --paste and --type exclude each other and the selection flags.
        func validate() throws {
            if paste && typeText { throw ValidationError("--paste and --type exclude each other") }
            if (paste || typeText) && (target.primary || target.both) {
                throw ValidationError("--paste and --type use no selection flag")
            }
        }

        private func candidates(order: HistoryOrder) throws -> [Entry] {
            let store = try global.openStore()
            store.order = order
            var words = query
            if pinned { words.append("pinned:yes") }
            if let tag { words.append("tag:\(tag)") }
            if let collection { words.append("collection:\"\(collection)\"") }
            if let kind { words.append("kind:\(kind.rawValue)") }
            if words.isEmpty {
                var filter = EntryFilter(limit: limit)
                filter.snippetsOnly = snippets
                return try store.entries(filter, withText: output.needsText)
            }
            var parsed = try SearchQuery.parse(words.joined(separator: " "))
            parsed.snippetsOnly = snippets
            let text = parsed.findText
            if !text.isEmpty { return try store.find(text, filters: parsed, limit: limit, withText: output.needsText) }
            return try store.search(parsed, order: .recent, limit: limit, withText: output.needsText)
        }

        private func launcherCommand(_ config: Config) throws -> [String] {
            let configured = launcher ?? Environment.values["COPYPASTA_LAUNCHER"].flatMap { $0.isEmpty ? nil : $0 }
            if let configured {
                guard let argv = CommandWords.split(configured), !argv.isEmpty else {
                    throw ValidationError("the launcher \(Visible.quoted(configured)) is not a valid command line")
                }
                return argv
            }
            if let argv = config.launcher { return argv }
            let graphical = !(Environment.values["DISPLAY"] ?? "").isEmpty
            if graphical, Launcher.find(["rofi"]) != nil { return ["rofi", "-dmenu", "-i", "-p", "copypasta"] }
            if graphical, Launcher.find(["dmenu"]) != nil { return ["dmenu", "-i", "-l", "20", "-p", "copypasta"] }
            if Terminal.isTerminal(2), Launcher.find(["fzf"]) != nil {
                return ["fzf", "--with-nth=2..", "--delimiter=\t", "--prompt=copypasta> "] + (output.null ? ["--read0"] : [])
            }
            // Without DISPLAY, "no launcher found" would send a user with rofi installed looking for it.
            throw graphical ? ClientError.noLauncher : ClientError.noDisplayForLauncher
        }

        /// The launcher's input: one line per entry, or NUL-terminated full texts prefixed with the id.
        static func menu(_ entries: [Entry], output: EntryOutputOptions) -> [UInt8] {
            var menu: [UInt8] = []
            for entry in entries { output.append(entry, to: &menu, columns: 200, idBeforeText: true) }
            return menu
        }

        /// The id at the start of the chosen line: `ID<TAB>…` or a JSON object starting `{"id":ID`.
        static func chosenID(_ output: [UInt8]) -> Int64? {
            var text = Substring(String(decoding: output, as: UTF8.self))
            if text.hasPrefix("{\"id\":") { text = text.dropFirst(6) }
            return Int64(text.prefix { $0.isASCII && $0.isNumber })
        }
    }
}
