/// One-line previews of entry texts (copypasta(1) COMMANDS, list).
///
/// The store keeps a short raw prefix of every text (`storedPrefix`) so that
/// listings never read full texts; rendering turns that prefix into one line:
/// newlines become `⏎`, tabs `⇥`, other control characters a space.
public enum Preview {
    /// How many characters of a text the store keeps for previews.
    public static let storedCharacters = 400

    /// The maximum length, in characters, of the preview in JSON output and hooks (copypasta(1) HOOKS).
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
    ///
    /// ASCII bytes, nearly all of most texts, are rendered straight from the
    /// UTF-8 view; grapheme clusters and Unicode properties are consulted
    /// only for the other characters, which is what keeps listings fast.
    public static func line(_ text: String, columns: Int) -> String {
        guard columns > 0 else { return "" }
        var line = RenderedLine(columns: columns)
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            var next = utf8.index(after: index)
            let fits: Bool
            if byte < 0x80 {
                switch byte {
                case 0x0D where next < utf8.endIndex && utf8[next] == 0x0A:
                    next = utf8.index(after: next)
                    fits = line.append("⏎", width: 1)
                case 0x0A...0x0D: fits = line.append("⏎", width: 1)
                case 0x09: fits = line.append("⇥", width: 1)
                case 0x00..<0x20, 0x7F: fits = line.append(" ", width: 1)
                default: fits = line.append(byte)
                }
            } else {
                guard let character = text[index...].first else { break }
                let (shown, width) = render(character)
                fits = line.append(shown, width: width)
                next = utf8.index(index, offsetBy: character.utf8.count)
            }
            guard fits else { return line.cut() }
            index = next
        }
        return line.text
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
            out.append(render(character).shown)
            count += 1
        }
        return out
    }

    /// The character as shown on one line, and its width in columns. ASCII, nearly all of
    /// most texts, is decided from its code alone, without Unicode property look-ups.
    private static func render(_ character: Character) -> (shown: Character, width: Int) {
        if let ascii = character.asciiValue {
            switch ascii {
            case 0x0A, 0x0B, 0x0C, 0x0D: return ("⏎", 1)
            case 0x09: return ("⇥", 1)
            case 0x00..<0x20, 0x7F: return (" ", 1)
            default: return (character, 1)
            }
        }
        switch character {
        case "\r\n", "\u{2028}", "\u{2029}", "\u{85}": return ("⏎", 1)
        default:
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                scalar.properties.generalCategory == .control
            {
                return (" ", 1)
            }
            return (character, DisplayWidth.columns(of: character))
        }
    }
}

/// The bytes of a preview line being built, with what is needed to cut it back for the ellipsis.
private struct RenderedLine {
    let columns: Int
    private var bytes: [UInt8] = []
    private var used = 0
    /// How many bytes the longest prefix that leaves room for the ellipsis takes: a cut line is
    /// that prefix plus `…` (one column), so nothing but this one count is kept per character.
    private var fitsWithEllipsis = 0

    init(columns: Int) {
        self.columns = columns
        bytes.reserveCapacity(columns + 16)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends one ASCII byte of width 1; false when it does not fit.
    mutating func append(_ byte: UInt8) -> Bool {
        guard used + 1 <= columns else { return false }
        bytes.append(byte)
        used += 1
        if used < columns { fitsWithEllipsis = bytes.count }
        return true
    }

    /// Appends a character of `width` columns; false when it does not fit.
    mutating func append(_ character: Character, width: Int) -> Bool {
        guard used + width <= columns else { return false }
        bytes.append(contentsOf: character.utf8)
        used += width
        if used < columns { fitsWithEllipsis = bytes.count }
        return true
    }

    /// The line cut back so that an ellipsis fits, with the ellipsis.
    mutating func cut() -> String {
        bytes.removeSubrange(fitsWithEllipsis...)
        bytes.append(contentsOf: "…".utf8)
        return text
    }
}
