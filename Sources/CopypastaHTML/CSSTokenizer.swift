/// The tokens of CSS Syntax Level 3 that finding and rewriting URLs needs, with their positions.
///
/// Comments are skipped, strings and `url(…)` tokens decoded (escapes, the line continuation in
/// strings), identifiers decoded so that `@\69mport` is `@import`. Everything else is a
/// `delimiter` of one character. The input is Unicode scalars; a range is an index range of them.
struct CSSToken: Equatable {
    /// A token's kind and decoded value.
    enum Kind: Equatable {
        case ident(String)
        case function(String)
        case atKeyword(String)
        case string(String)
        case url(String)
        case badString, badURL, whitespace, openBrace, closeBrace, openParen, closeParen, semicolon, delimiter
    }

    /// What the token is.
    var kind: Kind
    /// Where it is in the input.
    var range: Range<Int>
}

/// Splits CSS into `CSSToken`s.
struct CSSTokenizer {
    private let input: [Unicode.Scalar]
    private var position = 0

    /// The tokens of `css`, comments left out.
    static func tokens(_ css: [Unicode.Scalar]) -> [CSSToken] {
        var tokenizer = CSSTokenizer(input: css)
        var tokens: [CSSToken] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    private init(input: [Unicode.Scalar]) {
        self.input = input
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < input.count ? input[position + offset] : nil
    }

    private mutating func next() -> CSSToken? {
        while peek() == "/", peek(1) == "*" {
            position += 2
            while position < input.count, !(peek() == "*" && peek(1) == "/") { position += 1 }
            position = min(position + 2, input.count)
        }
        guard let scalar = peek() else { return nil }
        let start = position
        let kind: CSSToken.Kind
        switch scalar {
        case " ", "\t", "\n", "\r", "\u{0C}":
            while let next = peek(), Self.isSpace(next) { position += 1 }
            kind = .whitespace
        case "\"", "'":
            position += 1
            kind = string(ending: scalar)
        case "{": kind = single(.openBrace)
        case "}": kind = single(.closeBrace)
        case "(": kind = single(.openParen)
        case ")": kind = single(.closeParen)
        case ";": kind = single(.semicolon)
        case "@" where startsIdentifier(at: position + 1):
            position += 1
            kind = .atKeyword(name())
        default:
            if startsIdentifier(at: position) {
                kind = identLike()
            } else {
                kind = single(.delimiter)
            }
        }
        return CSSToken(kind: kind, range: start..<position)
    }

    private mutating func single(_ kind: CSSToken.Kind) -> CSSToken.Kind {
        position += 1
        return kind
    }

    /// An identifier, a function, or a `url(` token.
    private mutating func identLike() -> CSSToken.Kind {
        let name = name()
        guard peek() == "(" else { return .ident(name) }
        position += 1
        if name.lowercased() == "url" {
            var lookahead = position
            while lookahead < input.count, Self.isSpace(input[lookahead]) { lookahead += 1 }
            if lookahead < input.count, input[lookahead] == "\"" || input[lookahead] == "'" { return .function(name) }
            position = lookahead
            return url()
        }
        return .function(name)
    }

    /// The rest of a string token after its opening quote.
    private mutating func string(ending quote: Unicode.Scalar) -> CSSToken.Kind {
        var value = String.UnicodeScalarView()
        while let scalar = peek() {
            position += 1
            switch scalar {
            case quote: return .string(String(value))
            case "\n", "\r", "\u{0C}":
                position -= 1
                return .badString
            case "\\":
                guard let next = peek() else { return .string(String(value)) }
                if next == "\n" || next == "\r" || next == "\u{0C}" {
                    position += next == "\r" && peek(1) == "\n" ? 2 : 1
                } else {
                    value.append(escape())
                }
            default: value.append(scalar)
            }
        }
        return .string(String(value))
    }

    /// The rest of an unquoted `url(` token after its leading spaces.
    private mutating func url() -> CSSToken.Kind {
        var value = String.UnicodeScalarView()
        while let scalar = peek() {
            position += 1
            switch scalar {
            case ")": return .url(String(value))
            case " ", "\t", "\n", "\r", "\u{0C}":
                while let next = peek(), Self.isSpace(next) { position += 1 }
                if peek() == ")" || peek() == nil {
                    if peek() != nil { position += 1 }
                    return .url(String(value))
                }
                return badURL()
            case "\"", "'", "(": return badURL()
            case "\\":
                guard startsEscape(at: position - 1) else { return badURL() }
                value.append(escape())
            default: value.append(scalar)
            }
        }
        return .url(String(value))
    }

    /// Consumes the remnants of a bad URL up to its `)`.
    private mutating func badURL() -> CSSToken.Kind {
        while let scalar = peek() {
            position += 1
            if scalar == ")" { break }
            if scalar == "\\", peek() != nil { position += 1 }
        }
        return .badURL
    }

    /// An identifier's characters, escapes decoded.
    private mutating func name() -> String {
        var value = String.UnicodeScalarView()
        while let scalar = peek() {
            if Self.isNameScalar(scalar) {
                value.append(scalar)
                position += 1
            } else if startsEscape(at: position) {
                position += 1
                value.append(escape())
            } else {
                break
            }
        }
        return String(value)
    }

    /// An escape after its backslash: up to six hex digits and one space, or one character.
    private mutating func escape() -> Unicode.Scalar {
        guard let first = peek() else { return "\u{FFFD}" }
        guard first.properties.isASCIIHexDigit else {
            position += 1
            return first
        }
        var code: UInt32 = 0
        var digits = 0
        while digits < 6, let scalar = peek(), scalar.properties.isASCIIHexDigit, let digit = Int(String(scalar), radix: 16) {
            code = code * 16 + UInt32(digit)
            digits += 1
            position += 1
        }
        if let scalar = peek(), Self.isSpace(scalar) { position += scalar == "\r" && peek(1) == "\n" ? 2 : 1 }
        guard code != 0, let scalar = Unicode.Scalar(code) else { return "\u{FFFD}" }
        return scalar
    }

    private func startsEscape(at index: Int) -> Bool {
        index + 1 < input.count && input[index] == "\\" && input[index + 1] != "\n" && input[index + 1] != "\r"
            && input[index + 1] != "\u{0C}"
    }

    private func startsIdentifier(at index: Int) -> Bool {
        guard index < input.count else { return false }
        let first = input[index]
        if first == "-" {
            guard index + 1 < input.count else { return false }
            let second = input[index + 1]
            return Self.isNameStart(second) || second == "-" || startsEscape(at: index + 1)
        }
        return Self.isNameStart(first) || startsEscape(at: index)
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCIILetter || scalar == "_" || scalar.value >= 0x80
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }
}
