import ArgumentParser
import CopypastaClient
import CopypastaCore
import CopypastaStore
import Glibc

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

        @Option(help: ArgumentHelp("Offer only entries of this kind.", valueName: "text|link|document"))
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

        @Flag(help: "Print the entries pick would offer, as the launcher reads them, and exit (fzf reloads with it).")
        var list = false

        func run() throws {
            let config = try global.loadConfig()
            if list {
                Output.standard.write(Self.menu(try candidates(order: config.order), output: output))
                return Output.standard.flush()
            }
            if !first, let picker = builtinPicker(config) { try openWindow(picker) }
            var argv = first ? [] : try launcherCommand(config)
            let live = Self.isFzf(argv)
            if live { argv = liveFzf(argv, executable: Restore.executablePath()) }
            let entries = try candidates(order: config.order)
            guard let best = entries.first else {
                throw CopypastaExit.cancelled(first ? "nothing matches" : "nothing to pick from")
            }
            let id = first ? best.id : try choose(argv, from: entries, live: live)
            if paste { return try PasteCommand.paste(id, global: global) }
            if typeText { return try TypeCommand.type(id, global: global) }
            try Restore.entry(id, selections: target.selections, global: global)
        }

        /// The `copypasta-picker` next to this executable when the window is the picker to use
        /// (docs/DESIGN.md §16): `picker = builtin`, DISPLAY set, no launcher named by --launcher,
        /// COPYPASTA_LAUNCHER or the `launcher` key, and neither a launcher output format nor --snippets
        /// (which the search syntax cannot say) asked for.
        private func builtinPicker(_ config: Config) -> String? {
            guard config.picker.kind == .builtin, launcher == nil, config.launcher == nil,
                (Environment.values["COPYPASTA_LAUNCHER"] ?? "").isEmpty, !(Environment.values["DISPLAY"] ?? "").isEmpty,
                !output.null, !output.json, !snippets
            else { return nil }
            let path = Restore.executablePath()
            guard let slash = path.lastIndex(of: "/") else { return nil }
            let picker = String(path[...slash]) + "copypasta-picker"
            return access(picker, X_OK) == 0 ? picker : nil
        }

        /// Replaces this process with the picker window, handing it the paths and the query.
        private func openWindow(_ picker: String) throws -> Never {
            let paths = global.paths()
            var argv = [picker, "--db", paths.database, "--config", paths.configFile, "--copypasta", Restore.executablePath()]
            argv += ["--query", queryWords().joined(separator: " ")]
            if paste { argv += ["--enter", "paste"] }
            if typeText { argv += ["--enter", "type"] }
            if target.both { argv += ["--selection", "both"] } else if target.primary { argv += ["--selection", "primary"] }
            let cStrings = argv.map { strdup($0) } + [nil]
            defer { cStrings.forEach { free($0) } }
            execv(picker, cStrings)
            throw CopypastaExit.unavailable("cannot start \(picker): \(String(cString: strerror(errno)))")
        }

        /// The query and the filter flags as one `search` query.
        private func queryWords() -> [String] {
            var words = query
            if pinned { words.append("pinned:yes") }
            if let tag { words.append("tag:\(tag)") }
            if let collection { words.append("collection:\"\(collection)\"") }
            if let kind { words.append("kind:\(kind.rawValue)") }
            return words
        }

        /// The id the user chose with the launcher; exit 1 when cancelled. A live fzf chooses from
        /// the lists it reloaded, not only from `entries`.
        private func choose(_ argv: [String], from entries: [Entry], live: Bool) throws -> Int64 {
            let (status, chosen) = try Launcher.run(argv, input: Self.menu(entries, output: output))
            guard status == 0, let id = Self.chosenID(chosen), live || entries.contains(where: { $0.id == id }) else {
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
            let text = queryWords().joined(separator: " ")
            // fzf reloads with its query as typed, empty at first.
            if text.allSatisfy(\.isWhitespace) {
                var filter = EntryFilter(limit: limit)
                filter.snippetsOnly = snippets
                return try store.entries(filter, withText: output.needsText)
            }
            var parsed = try SearchQuery.parse(text)
            parsed.snippetsOnly = snippets
            return try store.pickerPage(parsed, limit: limit, withText: output.needsText).entries
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
                return ["fzf"]
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
