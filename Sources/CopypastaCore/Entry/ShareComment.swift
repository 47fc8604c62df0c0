/// `add --comment`: the share-sheet rule that splits one line into the item's text and its tags
/// (copypasta(1), add).
///
/// Segments in quotes (straight or curly, double or single) are the text, joined by newlines;
/// every other token is a tag, a leading `#` dropped. A quote opens a segment only at the start
/// of a token, so an apostrophe inside a word (`don't`, `l'homme`) never does; a single quote
/// closes one only at the end of a word, so apostrophes inside a quoted segment stay in it, and
/// quotes of the other kind inside a segment are its text. A quote that is never closed takes the
/// rest of the comment as text: the user began a quotation, and scattering its words over tags
/// would lose it.
public struct ShareComment: Sendable, Equatable {
    /// The quoted segments joined by newlines; nil when the comment quotes nothing.
    public var text: String?
    /// The other tokens, without leading `#`, in order, each once (compared case-insensitively).
    public var tags: [String]

    /// A comment with the given parts (for tests).
    public init(text: String?, tags: [String]) {
        self.text = text
        self.tags = tags
    }

    /// Splits `comment` by the share-sheet rule.
    public static func parse(_ comment: String) -> ShareComment {
        let characters = Array(comment)
        var segments: [String] = []
        var tokens: [String] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if let kind = QuoteKind(opening: character) {
                let end = kind.closer(in: characters, after: index, opener: character)
                segments.append(String(characters[(index + 1)..<(end ?? characters.count)]))
                index = (end ?? characters.count) + 1
            } else {
                var end = index
                while end < characters.count, !characters[end].isWhitespace { end += 1 }
                tokens.append(String(characters[index..<end]))
                index = end
            }
        }
        let lines = segments.map(trimmed).filter { !$0.isEmpty }
        return ShareComment(text: lines.isEmpty ? nil : lines.joined(separator: "\n"), tags: tags(tokens))
    }

    /// The tags of `tokens`: `#` and trailing commas dropped, empty ones left out, each once.
    private static func tags(_ tokens: [String]) -> [String] {
        var seen: Set<String> = []
        var tags: [String] = []
        for token in tokens {
            var tag = Substring(token)
            while tag.first == "#" { tag.removeFirst() }
            while let last = tag.last, last == "," || last == ";" { tag.removeLast() }
            guard !tag.isEmpty, seen.insert(tag.lowercased()).inserted else { continue }
            tags.append(String(tag))
        }
        return tags
    }

    private static func trimmed(_ text: String) -> String {
        var view = Substring(text)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}

/// The two kinds of quotation mark, each straight or curly.
private enum QuoteKind {
    case double, single

    /// The kind `character` opens, or nil when it is no quotation mark.
    init?(opening character: Character) {
        switch character {
        case "\"", "\u{201C}", "\u{201D}", "\u{201E}": self = .double
        case "'", "\u{2018}", "\u{2019}", "\u{201A}": self = .single
        default: return nil
        }
    }

    /// Whether `character` may close a segment of this kind opened by `opener`: a curly opening
    /// mark is closed by its curly partner or a straight mark, a straight one by any of its kind.
    private func closes(_ character: Character, opener: Character) -> Bool {
        switch (self, opener) {
        case (.double, "\u{201C}"), (.double, "\u{201E}"): character == "\u{201D}" || character == "\""
        case (.single, "\u{2018}"), (.single, "\u{201A}"): character == "\u{2019}" || character == "'"
        default: QuoteKind(opening: character) == self && character != "\u{201E}" && character != "\u{201A}"
        }
    }

    /// The index of the mark that closes the segment opened at `start`, or nil when none does.
    /// A single quote followed by a letter or digit is an apostrophe (`don't`), not a closing mark.
    func closer(in characters: [Character], after start: Int, opener: Character) -> Int? {
        var index = start + 1
        while index < characters.count {
            if closes(characters[index], opener: opener) {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if self == .double || !(next?.isLetter ?? false || next?.isNumber ?? false) { return index }
            }
            index += 1
        }
        return nil
    }
}
