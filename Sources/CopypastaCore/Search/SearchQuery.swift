/// A parsed `copypasta search` query (copypasta(1) COMMANDS).
///
/// The user's text is never passed to FTS5 as is: it is split into words,
/// prefixes (`foo*`), phrases (`"a b"`) and filters (`tag:`, `app:`,
/// `source:`, `pinned:`, `before:`, `after:`, `kind:`, `archive:`, `collection:`,
/// `in:trash`, `re:`), and `matchExpression` rebuilds
/// an FTS5 query in which every term is a quoted string. A stray quote, a
/// lone `*` or any punctuation therefore can never become FTS5 syntax.
public struct SearchQuery: Equatable, Sendable {
    /// One full-text term.
    public enum Term: Equatable, Sendable {
        /// A word; matched case- and diacritic-insensitively.
        case word(String)
        /// A word prefix, written `foo*`.
        case prefix(String)
        /// Words in sequence, written `"a b"`.
        case phrase(String)
    }

    /// The most terms and filters a query may hold.
    public static let maximumTerms = 64

    /// Full-text terms, all of which must match.
    public var terms: [Term] = []
    /// Tags the entry must carry (case-insensitive).
    public var tags: [String] = []
    /// Substrings the entry's source application must contain (case-insensitive).
    public var apps: [String] = []
    /// The entry's source must be one of these, when not empty.
    public var sources: [EntrySource] = []
    /// Only pinned (true) or only unpinned (false) entries, when set.
    public var pinned: Bool?
    /// Only entries captured before this instant (exclusive), when set.
    public var before: Timestamp?
    /// Only entries captured at or after this instant, when set.
    public var after: Timestamp?
    /// Only entries of this kind (text, link or document), when set.
    public var kind: EntryKind?
    /// Only entries carrying a URL whose archive has this status (`archive:`), when set.
    public var archive: ArchiveStatus?
    /// Search the trash instead of the history (`in:trash`).
    public var inTrash = false
    /// Only named entries (snippets): `list --snippets`, `pick --snippets`.
    public var snippetsOnly = false
    /// PCRE2 regular expressions the entry's text must match, all of them (`re:PATTERN`,
    /// `search --regex`). The store compiles them; a bad one fails the search with exit 64.
    public var patterns: [String] = []
    /// Whether the patterns ignore case (`search --ignore-case`), as `(?i)` does in one.
    public var patternsIgnoreCase = false

    /// An empty query; `parse` is the usual way to make one.
    public init() {}

    /// True when the query has full-text terms, so that relevance ranking applies.
    public var hasTerms: Bool { !terms.isEmpty }

    /// Parses the user's query; throws a usage error naming what is wrong.
    public static func parse(_ input: String) throws(CoreError) -> SearchQuery {
        var query = SearchQuery()
        var count = 0
        for token in tokenize(input) {
            count += 1
            guard count <= maximumTerms else {
                throw .usage("the query has more than \(maximumTerms) terms; search for fewer words")
            }
            switch token {
            case let .phrase(text):
                if searchable(text) { query.terms.append(.phrase(text)) }
            case let .bare(text):
                try query.add(bare: text)
            }
        }
        guard query.hasTerms || query.hasFilters else {
            throw .usage("the query has no words to search for (full-text search matches letters and digits)")
        }
        return query
    }

    /// True when any filter is set.
    public var hasFilters: Bool {
        !tags.isEmpty || !apps.isEmpty || !sources.isEmpty || pinned != nil || before != nil || after != nil
            || kind != nil || archive != nil || inTrash || snippetsOnly || !patterns.isEmpty
    }

    /// The FTS5 MATCH expression for the terms, nil when there are none.
    ///
    /// Each term is a double-quoted FTS5 string with inner quotes doubled; a
    /// prefix adds `*` after the closing quote. Terms are joined by spaces,
    /// which FTS5 reads as AND.
    public var matchExpression: String? {
        guard hasTerms else { return nil }
        return terms.map { term in
            switch term {
            case let .word(text), let .phrase(text): quoted(text)
            case let .prefix(text): quoted(text) + "*"
            }
        }.joined(separator: " ")
    }

    private mutating func add(bare text: String) throws(CoreError) {
        if let colon = text.firstIndex(of: ":") {
            let key = text[..<colon].lowercased()
            let value = String(text[text.index(after: colon)...]).trimmingQuotes()
            if try addFilter(key: key, value: value) { return }
        }
        var word = Substring(text)
        var isPrefix = false
        while word.hasSuffix("*") {
            word.removeLast()
            isPrefix = true
        }
        let plain = String(word)
        guard searchable(plain) else { return }
        terms.append(isPrefix ? .prefix(plain) : .word(plain))
    }

    /// Applies a `key:value` filter; returns false when `key` is not a filter name.
    private mutating func addFilter(key: String, value: String) throws(CoreError) -> Bool {
        let known = ["tag", "app", "source", "pinned", "before", "after", "kind", "archive", "collection", "in", "re"]
        guard known.contains(key) else { return false }
        guard !value.isEmpty else { throw .usage("the filter \(key): needs a value, e.g. \(key):\(example(key))") }
        switch key {
        case "tag": tags.append(value)
        case "re": patterns.append(value)
        case "collection": tags.append(CollectionTag.tag(value))
        case "kind":
            guard let wanted = EntryKind(rawValue: value.lowercased()) else {
                throw .usage("kind: takes text, link or document, not \(Visible.quoted(value))")
            }
            kind = wanted
        case "archive":
            guard let wanted = ArchiveStatus(rawValue: value.lowercased()) else {
                throw .usage("archive: takes none, pending, full, partial or failed, not \(Visible.quoted(value))")
            }
            archive = wanted
        case "in":
            guard value.lowercased() == "trash" else { throw .usage("in: takes trash, not \(Visible.quoted(value))") }
            inTrash = true
        case "app": apps.append(value)
        case "source":
            guard let source = EntrySource(rawValue: value.lowercased()) else {
                throw .usage(
                    "unknown source \(Visible.quoted(value)) in source:; use clipboard, primary, manual, import or bookmarks")
            }
            sources.append(source)
        case "pinned":
            guard let flag = ConfigValue.bool(value) else {
                throw .usage("pinned: takes yes or no, not \(Visible.quoted(value))")
            }
            pinned = flag
        default:
            guard let instant = Timestamp.parseISO8601(value) else {
                throw .usage(
                    "bad date \(Visible.quoted(value)) in \(key): (no such day or time); write YYYY-MM-DD or YYYY-MM-DDTHH:MM")
            }
            if key == "before" { before = instant } else { after = instant }
        }
        return true
    }

    private func example(_ key: String) -> String {
        switch key {
        case "pinned": "yes"
        case "before", "after": "2026-01-31"
        case "source": "clipboard"
        case "kind": "link"
        case "archive": "failed"
        case "in": "trash"
        case "re": "^https?://"
        default: "work"
        }
    }

    private enum Token {
        case bare(String)
        case phrase(String)
    }

    /// Splits on white space; a double quote starts a phrase that runs to the
    /// next double quote or the end of the input. Control characters (NUL
    /// among them) separate tokens like white space.
    private static func tokenize(_ input: String) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var inPhrase = false
        var quotedValue = false
        func flush() {
            if inPhrase {
                tokens.append(.phrase(current))
            } else if !current.isEmpty {
                tokens.append(.bare(current))
            }
            current = ""
        }
        for character in input {
            if character == "\"" {
                if inPhrase {
                    flush()
                    inPhrase = false
                } else if current.hasSuffix(":") {
                    quotedValue.toggle()
                    current.append(character)
                } else if quotedValue {
                    quotedValue = false
                    current.append(character)
                } else {
                    flush()
                    inPhrase = true
                }
            } else if character.isWhitespace || character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control })
            {
                if inPhrase || quotedValue {
                    current.append(" ")
                } else {
                    flush()
                }
            } else {
                current.append(character)
            }
        }
        flush()
        return tokens
    }
}

/// True when FTS5's unicode61 tokenizer would find at least one token in `text`.
private func searchable(_ text: String) -> Bool {
    text.contains { $0.isLetter || $0.isNumber }
}

/// By scalar, not Character: a quote followed by a combining mark is one Character that is not
/// `"`, and that quote left single would end the FTS5 string early.
private func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        if scalar == "\"" { out += "\"\"" } else { out.unicodeScalars.append(scalar) }
    }
    return out + "\""
}

extension String {
    fileprivate func trimmingQuotes() -> String {
        var value = Substring(self)
        if value.hasPrefix("\"") { value.removeFirst() }
        if value.hasSuffix("\"") { value.removeLast() }
        return String(value)
    }
}
