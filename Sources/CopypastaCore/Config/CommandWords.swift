/// Splits a configured command line into argv words without a shell.
///
/// Hooks and launchers are run with `posix_spawn`, never through `sh -c`, so
/// clipboard text can never reach a shell; this splitter understands just
/// enough of shell quoting (`'…'`, `"…"`, backslash) for command lines a user
/// writes in the config file or in `COPYPASTA_LAUNCHER`.
public enum CommandWords {
    /// The argv words of `line`; nil when a quote is not closed.
    public static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "\\":
                escaped = true
                inWord = true
            case "'", "\"":
                quote = character
                inWord = true
            case _ where character.isWhitespace:
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(current) }
        return words
    }

    /// Joins words back into a line that `split` reads the same way.
    public static func join(_ words: [String]) -> String {
        words.map { word in
            word.isEmpty || word.contains(where: { $0.isWhitespace || "'\"\\".contains($0) })
                ? "'" + word.replacing("'", with: "'\\''") + "'"
                : word
        }.joined(separator: " ")
    }
}
