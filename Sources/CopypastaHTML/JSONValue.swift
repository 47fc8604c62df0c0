/// A JSON value from a page's JSON-LD, read by a small tolerant parser: pages put comments,
/// trailing commas, raw control characters and stray `<!--` wrappers into their
/// `<script type="application/ld+json">`, and a browser's JSON-LD consumers accept most of it.
/// Nesting deeper than `maxDepth` and anything unreadable give nil, never a trap.
public indirect enum JSONValue: Sendable, Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// How deep objects and arrays may nest.
    static let maxDepth = 64

    /// Parses `text`, nil when it is not JSON even read tolerantly.
    public static func parse(_ text: String) -> JSONValue? {
        var parser = JSONParser(Array(text.utf8))
        parser.skipSpace()
        parser.skipWrapper()
        guard let value = parser.value(depth: 0) else { return nil }
        return value
    }

    /// The member `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The string, or nil.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }
}

/// The parser behind `JSONValue.parse`.
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func value(depth: Int) -> JSONValue? {
        guard depth < JSONValue.maxDepth else { return nil }
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return string().map(JSONValue.string)
        default: return literal()
        }
    }

    private mutating func object(depth: Int) -> JSONValue? {
        var members: [(String, JSONValue)] = []
        let read = items(until: UInt8(ascii: "}")) { parser in
            guard let key = parser.string() ?? parser.bareWord() else { return false }
            parser.skipSpace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":") else { return false }
            parser.index += 1
            guard let member = parser.value(depth: depth + 1) else { return false }
            members.append((key, member))
            return true
        }
        return read ? .object(members) : nil
    }

    private mutating func array(depth: Int) -> JSONValue? {
        var elements: [JSONValue] = []
        let read = items(until: UInt8(ascii: "]")) { parser in
            guard let element = parser.value(depth: depth + 1) else { return false }
            elements.append(element)
            return true
        }
        return read ? .array(elements) : nil
    }

    /// Reads the items of an object or array, from its opening bracket to `close` or the end of
    /// the text (tolerated), skipping stray commas; false as soon as `item` fails.
    private mutating func items(until close: UInt8, _ item: (inout JSONParser) -> Bool) -> Bool {
        index += 1
        while true {
            skipSpace()
            guard index < bytes.count else { return true }
            if bytes[index] == close {
                index += 1
                return true
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard item(&self) else { return false }
        }
    }

    /// A quoted string (double or single quotes), escapes decoded, raw control characters kept.
    private mutating func string() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            return nil
        }
        let quote = bytes[index]
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == quote { return String(decoding: out, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\"), index < bytes.count else {
                out.append(byte)
                continue
            }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"): out.append(contentsOf: unicodeEscape())
            default: out.append(escaped)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The UTF-8 of a `\uXXXX` escape (a surrogate pair when two follow), U+FFFD when broken.
    private mutating func unicodeEscape() -> [UInt8] {
        guard let high = hex4() else { return Array("\u{FFFD}".utf8) }
        var code = high
        if (0xD800...0xDBFF).contains(high), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            let save = index
            index += 2
            if let low = hex4(), (0xDC00...0xDFFF).contains(low) {
                code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            } else {
                index = save
            }
        }
        return Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        let digits = String(decoding: bytes[index..<index + 4], as: UTF8.self)
        guard let value = UInt32(digits, radix: 16) else { return nil }
        index += 4
        return value
    }

    /// `true`, `false`, `null`, a number; nil for anything else.
    private mutating func literal() -> JSONValue? {
        guard let word = bareWord() else { return nil }
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default: return Double(word).map(JSONValue.number)
        }
    }

    /// A run of letters, digits and `+-._$`: an unquoted key or a literal.
    private mutating func bareWord() -> String? {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let isWord =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            guard isWord else { break }
            index += 1
        }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    /// Skips whitespace and `//` and `/* */` comments.
    mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte <= 0x20 {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index = min(index + 2, bytes.count)
            } else {
                return
            }
        }
    }

    /// Skips a leading `<!--` or `<![CDATA[` some pages wrap their JSON in.
    mutating func skipWrapper() {
        for wrapper in ["<!--", "<![CDATA["] where bytes[index...].starts(with: wrapper.utf8) {
            index += wrapper.utf8.count
            skipSpace()
        }
    }
}
