/// The rule for snippet titles, shared by `name`, `add --name`, `import` and the store.
///
/// A title is typed after `/` to expand a snippet and after `@` to name an entry on the command
/// line, so it is one word of letters, digits, `-`, `_` and `.`: nothing a shell or the
/// expansion trigger would split or treat specially. The letters are ASCII: they can be typed
/// on every layout the expansion supports, and the database compares them without regard to
/// case (SQLite's NOCASE folds ASCII only, so a wider alphabet could hold two "equal" titles).
public enum SnippetTitle {
    /// The most characters a title may have.
    public static let maximumCharacters = 64

    /// Why `title` cannot be a title, or nil when it can.
    public static func problem(_ title: String) -> String? {
        let valid = !title.isEmpty && title.count <= maximumCharacters && title.allSatisfy(isTitleCharacter)
        return valid
            ? nil
            : "bad title \(Visible.quoted(title, limit: 20)): a title is 1 to \(maximumCharacters) ASCII letters, digits, '-', '_' or '.'"
    }

    /// Whether `character` may appear in a title: an ASCII letter or digit, `-`, `_` or `.`.
    public static func isTitleCharacter(_ character: Character) -> Bool {
        guard character.isASCII else { return false }
        return character.isLetter || character.isNumber || character == "-" || character == "_" || character == "."
    }
}
