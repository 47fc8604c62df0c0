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
    public static func line(_ text: String, columns: Int) -> String {
        var bytes: [UInt8] = []
        appendLine(text, columns: columns, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `line(text, columns:)` as UTF-8 to `bytes`, without building a string: listings
    /// and searches write a thousand of these lines at a time.
    ///
    /// ASCII bytes, nearly all of most texts, are rendered straight from the text's contiguous
    /// UTF-8; grapheme clusters and Unicode properties are consulted only for the other
    /// characters, which is what keeps listings fast.
    public static func appendLine(_ text: String, columns: Int, to bytes: inout [UInt8]) {
        guard columns > 0 else { return }
        var line = RenderedLine(columns: columns, start: bytes.count)
        let rendered: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in render(text, utf8, into: &line, &bytes) }
        if rendered == nil {
            let copy = Array(text.utf8)
            copy.withUnsafeBufferPointer { utf8 in render(text, utf8, into: &line, &bytes) }
        }
    }

    /// Renders the UTF-8 bytes `utf8` of `text` onto `bytes` until `line` is full.
    private static func render(
        _ text: String, _ utf8: UnsafeBufferPointer<UInt8>, into line: inout RenderedLine, _ bytes: inout [UInt8]
    ) {
        var offset = 0
        while offset < utf8.count {
            let byte = utf8[offset]
            var next = offset + 1
            if byte >= 0x20 && byte < 0x7F {
                // A run of printable ASCII is shown as it is: copied at once, as far as it fits.
                while next < utf8.count, utf8[next] >= 0x20, utf8[next] < 0x7F { next += 1 }
                let run = UnsafeBufferPointer(rebasing: utf8[offset..<next])
                guard line.append(printable: run, to: &bytes) else {
                    line.cut(&bytes)
                    return
                }
                offset = next
                continue
            }
            let fits: Bool
            if byte < 0x80 {
                switch byte {
                case 0x0D where next < utf8.count && utf8[next] == 0x0A:
                    next += 1
                    fits = line.append(symbol: returnSymbol, to: &bytes)
                case 0x0A...0x0D: fits = line.append(symbol: returnSymbol, to: &bytes)
                case 0x09: fits = line.append(symbol: tabSymbol, to: &bytes)
                default: fits = line.append(0x20, to: &bytes)
                }
            } else {
                let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
                guard let character = text[index...].first else { break }
                let (shown, width) = render(character)
                fits = line.append(shown, width: width, to: &bytes)
                next = offset + character.utf8.count
            }
            guard fits else {
                line.cut(&bytes)
                return
            }
            offset = next
        }
    }

    /// `⏎` and `⇥` in UTF-8, as the line shows a line break and a tab.
    private static let returnSymbol: [UInt8] = Array("⏎".utf8)
    private static let tabSymbol: [UInt8] = Array("⇥".utf8)

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

/// Where a preview line being appended to a buffer stands, with what is needed to cut it back
/// for the ellipsis.
private struct RenderedLine {
    let columns: Int
    private var used = 0
    /// Where the longest prefix that leaves room for the ellipsis ends in the buffer: a cut line
    /// is that prefix plus `…` (one column), so nothing but this one count is kept per character.
    private var fitsWithEllipsis: Int

    /// A line of at most `columns` columns that starts at offset `start` of the buffer.
    init(columns: Int, start: Int) {
        self.columns = columns
        fitsWithEllipsis = start
    }

    /// Appends one ASCII byte of width 1; false when it does not fit.
    mutating func append(_ byte: UInt8, to bytes: inout [UInt8]) -> Bool {
        guard used + 1 <= columns else { return false }
        bytes.append(byte)
        used += 1
        if used < columns { fitsWithEllipsis = bytes.count }
        return true
    }

    /// Appends as much of a run of printable ASCII bytes (one column each) as fits; false when
    /// not all of it did.
    mutating func append(printable run: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) -> Bool {
        let count = min(run.count, columns - used)
        guard count > 0 else { return false }
        // Every byte but one that fills the last column leaves room for the ellipsis.
        fitsWithEllipsis = bytes.count + min(count, columns - used - 1)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: run[..<count]))
        used += count
        return count == run.count
    }

    /// Appends a symbol of width 1 given as UTF-8; false when it does not fit.
    mutating func append(symbol: [UInt8], to bytes: inout [UInt8]) -> Bool {
        guard used + 1 <= columns else { return false }
        bytes.append(contentsOf: symbol)
        used += 1
        if used < columns { fitsWithEllipsis = bytes.count }
        return true
    }

    /// Appends a character of `width` columns; false when it does not fit.
    mutating func append(_ character: Character, width: Int, to bytes: inout [UInt8]) -> Bool {
        guard used + width <= columns else { return false }
        bytes.append(contentsOf: character.utf8)
        used += width
        if used < columns { fitsWithEllipsis = bytes.count }
        return true
    }

    /// Cuts the line back so that an ellipsis fits, and adds the ellipsis.
    func cut(_ bytes: inout [UInt8]) {
        bytes.removeSubrange(fitsWithEllipsis...)
        bytes.append(contentsOf: ellipsis)
    }
}

/// `…` in UTF-8.
private let ellipsis: [UInt8] = Array("…".utf8)
