/// Which keystroke pastes into which application (the `paste-keys` key).
///
/// Terminals read Ctrl+V as a literal next character, and each pastes CLIPBOARD
/// with its own keystroke, so `paste` picks the keystroke from the focused
/// window's WM_CLASS: the user's rules for a named class first, then the
/// built-in terminal table, then the user's `*` rule, and last Ctrl+V.
public struct PasteKeys: Equatable, Sendable {
    /// One `CLASS:keystroke` rule; `className` is `*` for every other window.
    public struct Rule: Equatable, Sendable {
        /// The WM_CLASS instance or class name it applies to (case-insensitive), or `*`.
        public var className: String
        /// The keystroke to send.
        public var keystroke: Keystroke
    }

    /// The WM_CLASS names (instance or class, compared case-insensitively) of the terminals that
    /// paste with Ctrl+Shift+V unless a rule says otherwise.
    public static let terminals = [
        "alacritty", "kitty", "gnome-terminal", "gnome-terminal-server", "konsole",
        "xfce4-terminal", "st", "st-256color", "tilix", "terminator", "wezterm", "org.wezfurlong.wezterm",
    ]

    /// rxvt-unicode's names: it pastes CLIPBOARD with Ctrl+Alt+V (Ctrl+Shift+V does nothing there).
    public static let rxvt = ["urxvt", "rxvt", "rxvt-unicode"]

    /// xterm's names: stock xterm binds no key to CLIPBOARD; its Shift+Insert inserts PRIMARY
    /// (`insert-selection(SELECT, CUT_BUFFER0)`), so `paste` sends Shift+Insert and serves the
    /// entry on PRIMARY too while the paste lasts (`servesPrimary`).
    public static let xterm = ["xterm", "uxterm"]

    /// Shift+Insert, which pastes PRIMARY in xterm and CLIPBOARD in GTK and Qt.
    public static let shiftInsert = Keystroke(modifiers: [.shift], key: "Insert")

    /// Whether a paste with `keystroke` serves the entry on PRIMARY as well as CLIPBOARD: Shift+Insert
    /// reads PRIMARY in xterm and in other X programs of its age.
    public static func servesPrimary(_ keystroke: Keystroke) -> Bool {
        keystroke.key.lowercased() == "insert" && keystroke.modifiers == [.shift]
    }

    /// The configured rules, in the order written.
    public var rules: [Rule] = []

    /// No rules: the terminal list and Ctrl+V.
    public init() {}

    /// Parses the items of `CLASS:keystroke, …` (e.g. `Emacs:ctrl+y, *:ctrl+v`), or says what is malformed.
    public static func parse(_ items: [String]) -> Result<PasteKeys, CoreError> {
        var keys = PasteKeys()
        for item in items {
            guard let colon = item.lastIndex(of: ":") else {
                return .failure(.usage("expected CLASS:keystroke such as Emacs:ctrl+y, got '\(item)'"))
            }
            let name = item[..<colon].trimmingSpaces(), stroke = item[item.index(after: colon)...].trimmingSpaces()
            guard !name.isEmpty, let keystroke = Keystroke.parse(stroke) else {
                return .failure(.usage("expected CLASS:keystroke such as Emacs:ctrl+y or *:ctrl+v, got '\(item)'"))
            }
            keys.rules.append(Rule(className: name, keystroke: keystroke))
        }
        return .success(keys)
    }

    /// The keystroke for a window whose WM_CLASS names are `classNames` (empty when unknown).
    public func keystroke(forClass classNames: [String]) -> Keystroke {
        let names = classNames.map { $0.lowercased() }
        if let rule = rules.first(where: { $0.className != "*" && names.contains($0.className.lowercased()) }) {
            return rule.keystroke
        }
        if names.contains(where: Self.xterm.contains) { return Self.shiftInsert }
        if names.contains(where: Self.rxvt.contains) { return Keystroke(modifiers: [.control, .alt], key: "v") }
        if names.contains(where: Self.terminals.contains) { return Keystroke(modifiers: [.control, .shift], key: "v") }
        return rules.first { $0.className == "*" }?.keystroke ?? Keystroke(modifiers: [.control], key: "v")
    }

    /// The rules as `copypasta config` shows them.
    public var rendered: String {
        rules.isEmpty
            ? "(xterm: shift+Insert, urxvt: ctrl+alt+v, other terminals: ctrl+shift+v, others: ctrl+v)"
            : rules.map { "\($0.className):\($0.keystroke)" }.joined(separator: ", ")
    }
}
