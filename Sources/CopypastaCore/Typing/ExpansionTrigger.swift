/// The policy of `/name` expansion, without X: which typed keys make a trigger.
///
/// It keeps the last characters typed into the focused window since the last reset, only in
/// memory and only as many as a trigger can span, and answers "expand" when a separator
/// follows `/` and a snippet title that starts the input or follows white space. It never
/// looks titles up: the daemon asks the store whether the title exists and, when it does,
/// erases `erase` characters with BackSpace and inserts the snippet.
///
/// The daemon calls `reset` whenever it cannot know what is before the cursor any more: the
/// focus moved, a mouse button was pressed, Escape, or a key that moves the cursor or edits
/// outside the typed text (arrows, Home, End, Delete), and `chord` for a key with Ctrl or Alt.
public struct ExpansionTrigger: Sendable {
    /// A trigger that was typed: the title, how many characters to erase (the `/`, the title
    /// and the separator) and the separator, which is typed again after the snippet.
    public struct Expansion: Equatable, Sendable {
        public let title: String
        public let erase: Int
        public let separator: Character

        /// An expansion of `title` that erases `erase` characters.
        public init(title: String, erase: Int, separator: Character) {
            self.title = title
            self.erase = erase
            self.separator = separator
        }
    }

    /// The characters typed since the last reset, at most `capacity`.
    private var typed: [Character] = []
    /// True while `typed` starts where the input started (nothing before it was dropped or
    /// erased unseen), so a trigger at its start is at the start of the input.
    private var startKnown = true
    /// True right after a Ctrl or Alt chord: a BackSpace then deletes what the chord may have
    /// selected (Ctrl+A), not text before the start.
    private var afterChord = false

    /// The most characters kept: a `/`, the longest title and the character before the `/`.
    static let capacity = SnippetTitle.maximumCharacters + 2

    /// Nothing typed yet: the next `/` is at the start of the input.
    public init() {}

    /// Forgets what was typed; what follows is taken as the start of the input.
    public mutating func reset() {
        typed = []
        startKnown = true
        afterChord = false
    }

    /// A key with Ctrl or Alt: a reset, after which one BackSpace still leaves the start of the
    /// input known (select all, then BackSpace, empties a field).
    public mutating func chord() {
        reset()
        afterChord = true
    }

    /// BackSpace: the last typed character is gone. Erasing past the kept characters erases
    /// something unknown, so the start of the input is no longer known, unless it deletes
    /// what a chord just selected.
    public mutating func backspace() {
        if typed.isEmpty {
            if !afterChord { startKnown = false }
        } else {
            typed.removeLast()
        }
        afterChord = false
    }

    /// A typed character (Return as "\n", Tab as "\t"); returns the expansion it completes, if any.
    public mutating func type(_ character: Character) -> Expansion? {
        afterChord = false
        if Self.isSeparator(character), let title = pendingTitle() {
            typed = [character]
            startKnown = false
            return Expansion(title: title, erase: title.count + 2, separator: character)
        }
        typed.append(character)
        if typed.count > Self.capacity {
            typed.removeFirst(typed.count - Self.capacity)
            startKnown = false
        }
        return nil
    }

    /// White space, or punctuation and symbols that cannot be part of a title (`/` neither:
    /// `/a/b` is a path, not a trigger).
    public static func isSeparator(_ character: Character) -> Bool {
        if character.isWhitespace { return true }
        guard !SnippetTitle.isTitleCharacter(character), character != "/" else { return false }
        return character.isPunctuation || character.isSymbol
    }

    /// The title of a trigger ending at the last typed character: `/` and title characters,
    /// with white space or the start of the input before the `/`.
    private func pendingTitle() -> String? {
        guard let slash = typed.lastIndex(where: { !SnippetTitle.isTitleCharacter($0) }), typed[slash] == "/" else {
            return nil
        }
        let title = String(typed[(slash + 1)...])
        guard !title.isEmpty, title.count <= SnippetTitle.maximumCharacters else { return nil }
        let atStart = slash == typed.startIndex && startKnown
        guard atStart || (slash > typed.startIndex && typed[slash - 1].isWhitespace) else { return nil }
        return title
    }
}
