/// One-line previews of entry texts (SPEC §7, output).
///
/// The store keeps a short raw prefix of every text (`storedPrefix`) so that
/// listings never read full texts; rendering turns that prefix into one line:
/// newlines become `⏎`, tabs `⇥`, other control characters a space.
public enum Preview {
    /// How many characters of a text the store keeps for previews.
    public static let storedCharacters = 400

    /// The maximum length, in characters, of the preview in JSON output and hooks (SPEC §6).
    public static let shortCharacters = 80

    /// The raw prefix of `text` the store keeps for listings.
    public static func storedPrefix(of text: String) -> String {
        var end = text.startIndex
        var count = 0
        while end < text.endIndex, count < storedCharacters {
            text.formIndex(after: &end)
            count += 1
        }
        return String(text[..<end])
    }

    /// Renders `text` on one line of at most `columns` terminal columns, ending in `…` when cut.
    public static func line(_ text: String, columns: Int) -> String {
        guard columns > 0 else { return "" }
        var out = ""
        var used = 0
        var pendingCut = false
        for character in text {
            let shown = render(character)
            let width = DisplayWidth.columns(of: shown)
            if used + width > columns {
                pendingCut = true
                break
            }
            out.append(shown)
            used += width
        }
        guard pendingCut else { return out }
        while used + 1 > columns, let last = out.popLast() {
            used -= DisplayWidth.columns(of: last)
        }
        return out + "…"
    }

    /// Renders `text` on one line of at most `characters` characters, ending in `…` when cut.
    public static func short(_ text: String, characters: Int = shortCharacters) -> String {
        var out = ""
        var count = 0
        for character in text {
            if count == characters {
                out.removeLast()
                return out + "…"
            }
            out.append(render(character))
            count += 1
        }
        return out
    }

    private static func render(_ character: Character) -> Character {
        switch character {
        case "\n", "\r\n", "\r", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{85}": "⏎"
        case "\t": "⇥"
        default:
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
               scalar.properties.generalCategory == .control {
                " "
            } else {
                character
            }
        }
    }
}
