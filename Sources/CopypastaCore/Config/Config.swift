/// The effective configuration (copypasta(1) FILES): defaults, overridden by the config file.
///
/// `origins` records where each value came from, for `copypasta config`.
public struct Config: Equatable, Sendable {
    /// An X selection copypasta can watch or own.
    public enum Selection: String, Sendable, CaseIterable {
        /// The CLIPBOARD selection (Ctrl+C / Ctrl+V).
        case clipboard
        /// The PRIMARY selection (select / middle click).
        case primary
    }

    /// The default copy feedback when no `on-copy` hook is set (docs/DESIGN.md §4).
    public enum Feedback: String, Sendable, CaseIterable {
        /// A transient desktop notification through notify-send, when it exists.
        case notify
        /// No feedback.
        case none
    }

    /// Selections to capture from.
    public var selections: [Selection] = [.clipboard]
    /// Most unpinned entries kept; 0 means unlimited.
    public var maxEntries = 1000
    /// Texts longer than this many bytes are not stored.
    public var maxBytes = 16 * 1024 * 1024
    /// What a repeated text does.
    public var duplicates = DuplicatePolicy.move
    /// Whether the daemon takes over the clipboard when its owner goes away.
    public var keepAlive = true
    /// Whether copies of white space only (a stray click in xterm) are stored.
    public var keepBlank = false
    /// WM_CLASS names whose copies are not stored.
    public var ignoreApps: [String] = []
    /// Regular expressions; matching texts are not stored.
    public var ignorePatterns: [String] = []
    /// How long one selection conversion may take, in milliseconds.
    public var convertTimeoutMilliseconds = 1000
    /// The default copy feedback.
    public var feedback = Feedback.notify
    /// The picker command as an argv, when configured.
    public var launcher: [String]?
    /// The picker window's settings (`picker`, `pick-*`).
    public var picker = PickerSettings()
    /// The key the daemon grabs to run `copypasta pick`, when configured.
    public var pickHotkey: Keystroke?
    /// How long a hook may run before it is killed, in milliseconds.
    public var hookTimeoutMilliseconds = 5000
    /// The on-copy hook executable, when configured.
    public var onCopy: String?
    /// The on-capture hook executable, when configured.
    public var onCapture: String?
    /// Which keystroke `paste` sends to which window class.
    public var pasteKeys = PasteKeys()
    /// How long `paste` waits for the target to fetch the text before it puts the previous content back, in ms.
    public var pasteRestoreTimeoutMilliseconds = 1000
    /// The longest text `type` accepts, in characters.
    public var typeMaxCharacters = 10_000
    /// Days an entry stays in the trash before it is purged; 0 deletes at once.
    public var trashDays = 10
    /// Seconds after which unpinned, untagged entries are purged; nil keeps them (the default).
    public var maxAgeSeconds: Int?
    /// The order of `list` and the pickers: newest stored first, or last restored first.
    public var order = HistoryOrder.captured
    /// Whether the daemon takes the clipboard-manager role.
    public var clipboardManager = ManagerRole.auto
    /// The most bytes of one target a clipboard save keeps; larger targets are read and discarded.
    public var saveTargetMaxBytes = 32 << 20
    /// The most bytes of all targets one clipboard save keeps.
    public var saveMaxBytes = 64 << 20
    /// The program that asks for the passphrase of the secure entries (Assuan, as GnuPG's pinentry).
    public var pinentryProgram = "pinentry"
    /// How long the daemon keeps the key of the secure entries after an unlock, in milliseconds.
    public var secureUnlockTimeoutMilliseconds = 300_000
    /// How long a restored secure entry stays on CLIPBOARD, in milliseconds.
    public var secureClearMilliseconds = 30_000
    /// Whether the daemon expands `/TITLE` typed into a window into the snippet of that title.
    public var expand = false
    /// Snippets of up to this many characters are typed when expanded; longer ones are pasted.
    public var expandTypeMax = 200
    /// WM_CLASS names (case-insensitive) of windows where expansion never fires.
    public var expandIgnoreApps = Config.defaultExpandIgnoreApps
    /// The directory whose files are snippets (docs/DESIGN.md, "Snippets as files"), `~` expanded by
    /// `snippetDirPath`; empty: none.
    public var snippetDir = ""
    /// The sync directory inside the synced folder, `~` expanded by `syncFolderPath`; empty: sync not configured.
    public var syncFolder = ""
    /// The name other devices show for this one; nil: the host name.
    public var syncDeviceName: String?
    /// WM_CLASS names whose copies stay on this machine.
    public var syncExcludeApps: [String] = []
    /// Regular expressions; matching texts stay on this machine.
    public var syncExcludePatterns: [String] = []
    /// Texts longer than this many bytes stay on this machine; 0: no limit.
    public var syncExcludeLargerThan = 0
    /// Which selection the daemon copies onto the other (copy-on-select).
    public var syncSelections = SelectionSync.off
    /// How long the source selection's owner must keep it before it is copied, in milliseconds.
    public var selectSettleMilliseconds = 300
    /// When the daemon purges the entries of the session.
    public var clearOn = ClearOn.never
    /// Whether a copy another machine made becomes this machine's CLIPBOARD when it arrives.
    public var syncClipboard = false
    /// How long after a copy here no arriving copy takes the clipboard, in milliseconds.
    public var syncClipboardQuietMilliseconds = 5000
    /// The library's settings (`archive-*`, `max-file-size`, `sync-max-file-size`).
    public var library = LibrarySettings()
    /// The AI assistance settings (`ai-*`).
    public var ai = AISettings()
    /// Where each key's value came from: `default` or `FILE:LINE`.
    public var origins: [String: String] = [:]

    /// The largest `max-entries`: ten million rows is far beyond any clipboard history.
    public static let maxEntriesLimit = 10_000_000
    /// The largest `max-bytes`, 512 MiB: safely below the largest value SQLite stores (1,000,000,000 bytes).
    public static let maxBytesLimit = 512 << 20

    /// The defaults.
    public init() {}

    /// Parses a config file's contents over the defaults; `file` names it in errors.
    public static func parse(_ contents: String, file: String) throws(CoreError) -> Config {
        try parse(bytes: Array(contents.utf8), file: file)
    }

    /// Parses a config file's bytes over the defaults; `file` names it in errors.
    ///
    /// CRLF line ends and a leading byte order mark are accepted; any other
    /// byte that is not text is an error naming its line (see `ConfigLines`).
    public static func parse(bytes: [UInt8], file: String) throws(CoreError) -> Config {
        var config = Config()
        for (lineNumber, text) in try ConfigLines.split(bytes, file: file) {
            let line = text.trimmingSpaces()
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw .config(file: file, line: lineNumber, message: "expected 'key = value', got \(Visible.quoted(line))")
            }
            let key = line[..<equals].trimmingSpaces()
            let value = line[line.index(after: equals)...].trimmingSpaces()
            guard let spec = ConfigKey.all.first(where: { $0.name == key }) else {
                let known = ConfigKey.all.map(\.name).joined(separator: ", ")
                throw .config(file: file, line: lineNumber, message: "unknown key \(Visible.quoted(key)) (known keys: \(known))")
            }
            // A second line for a key would silently win over the first: which one the user meant
            // is unknown, so neither is guessed.
            if let first = config.origins[key] {
                throw .config(
                    file: file, line: lineNumber,
                    message: "\(key) is set twice (first at line \(first.split(separator: ":").last ?? "")); keep one line")
            }
            if let problem = spec.apply(&config, value) {
                throw .config(file: file, line: lineNumber, message: "\(key): \(problem), got \(Visible.quoted(value))")
            }
            config.origins[key] = "\(file):\(lineNumber)"
        }
        return config
    }

    /// The effective configuration as `key = value` lines with their origins, for `copypasta config`.
    public func rendered() -> String {
        ConfigKey.all.map { spec in
            "\(spec.name) = \(spec.show(self))\t# \(origins[spec.name] ?? "default")"
        }.joined(separator: "\n")
    }

    /// The names of every configuration key, in documentation order.
    public static var keyNames: [String] { ConfigKey.all.map(\.name) }
}

/// One configuration key: how to parse it into a `Config`, and how to show it.
struct ConfigKey: Sendable {
    /// The key as written in the file.
    let name: String
    /// Applies `value` to `config`; returns a problem description, or nil when the value is good.
    let apply: @Sendable (inout Config, String) -> String?
    /// The value of the key in `config`, as `copypasta config` prints it.
    let show: @Sendable (Config) -> String

    /// Every key, in documentation order.
    static let all: [ConfigKey] =
        [
            ConfigKey(
                name: "selections",
                apply: { config, value in
                    guard let items = ConfigValue.list(value), !items.isEmpty else {
                        return "expected clipboard, primary or both"
                    }
                    var chosen: [Config.Selection] = []
                    for item in items {
                        guard let selection = Config.Selection(rawValue: item.lowercased()) else {
                            return "unknown selection \(Visible.quoted(item)); use clipboard, primary or both"
                        }
                        if !chosen.contains(selection) { chosen.append(selection) }
                    }
                    config.selections = chosen
                    return nil
                }, show: { $0.selections.map(\.rawValue).joined(separator: ", ") }),
            .number(
                "max-entries", 0...Config.maxEntriesLimit, expected: "a whole number from 0 (unlimited) to 10000000", \.maxEntries
            ),
            .size("max-bytes", 1...Config.maxBytesLimit, expected: "a size from 1 byte to 512M, like 16M or 65536", \.maxBytes),
            .choice("duplicates", \.duplicates),
            .flag("keep-alive", \.keepAlive),
            .flag("keep-blank", \.keepBlank),
            .appList("ignore-apps", \.ignoreApps),
            .patternList("ignore-patterns", \.ignorePatterns),
            .duration(
                "convert-timeout", 10...60_000, expected: "a duration from 10ms to 60s, like 1s or 500ms",
                \.convertTimeoutMilliseconds),
            .choice("feedback", \.feedback),
            ConfigKey(
                name: "launcher",
                apply: { config, value in
                    guard let argv = CommandWords.split(value), !argv.isEmpty else {
                        return "expected a command line such as 'rofi -dmenu -i' (quotes balanced)"
                    }
                    config.launcher = argv
                    return nil
                }, show: { $0.launcher.map(CommandWords.join) ?? "(auto: rofi, dmenu, fzf)" }),
            .duration(
                "hook-timeout", 100...600_000, expected: "a duration from 100ms to 10m, like 5s", \.hookTimeoutMilliseconds),
            .hook("on-copy", \.onCopy),
            .hook("on-capture", \.onCapture),
        ] + ConfigKey.pasteKeys + ConfigKey.expiryKeys + [.choice("order", \.order)] + ConfigKey.managerKeys
        + ConfigKey.secureKeys + ConfigKey.expandKeys + ConfigKey.snippetKeys + ConfigKey.syncKeys + ConfigKey.sessionKeys
        + ConfigKey.pickerKeys + ConfigKey.libraryKeys + ConfigKey.aiKeys
}
