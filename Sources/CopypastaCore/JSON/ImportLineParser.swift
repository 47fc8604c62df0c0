/// Reads one `copypasta import` line into an `ImportRecord`, by hand (issue 19).
///
/// FoundationEssentials' JSONDecoder built a tree of every line and decoded it through
/// `Decodable`: a tenth of an import's time (BENCHMARKS.md, "Import and size, third pass"). This
/// parser reads the bytes once and keeps only the fields an import takes.
///
/// It accepts strict JSON (RFC 8259) and every line it accepts, JSONDecoder accepts with the same
/// values (the `importline` fuzz target checks it): an object whose `text` is a string, the other
/// fields of `ImportRecord` a string, boolean, array of strings or integer of their type or null,
/// unknown fields any value, a repeated field its first value (as JSONDecoder). It refuses what
/// JSONDecoder let through in fields it skipped: trailing commas, malformed numbers and escapes,
/// control characters and invalid UTF-8 in strings.
struct ImportLineParser {
    /// Why a line is refused does not matter: every refusal gets the same message (`JSONLines`).
    struct Malformed: Error {}

    /// The fields `ImportRecord` has, in the bit order of `seen`.
    private enum Field: Int {
        case text, capturedAt, source, sourceApp, pinned, tags, useCount, lastUsedAt, title
    }

    /// Nesting deeper than this is refused, so that a hostile line cannot exhaust the stack.
    private static let maximumDepth = 512

    /// The line.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the parser is in `bytes`.
    var index = 0
    /// The decoded bytes of a string with escapes.
    var scratch: [UInt8] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The record on `line`, or nil when the line is not such a JSON object.
    static func record(from line: some Collection<UInt8>) -> ImportRecord? {
        let parsed = line.withContiguousStorageIfAvailable { buffer in
            var parser = ImportLineParser(buffer)
            return try? parser.object()
        }
        if let parsed { return parsed }
        return Array(line).withUnsafeBufferPointer { buffer in
            var parser = ImportLineParser(buffer)
            return try? parser.object()
        }
    }

    /// The whole line: one object and white space around it.
    private mutating func object() throws(Malformed) -> ImportRecord {
        var record = ImportRecord(text: "")
        var seen: UInt16 = 0
        skipSpace()
        try expect(UInt8(ascii: "{"))
        skipSpace()
        if !consume(UInt8(ascii: "}")) {
            repeat {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(UInt8(ascii: ":"))
                skipSpace()
                if let field = Self.field(named: key), seen & 1 << field.rawValue == 0 {
                    seen |= 1 << field.rawValue
                    try read(field, into: &record)
                } else {
                    try skipValue(depth: 1)
                }
                skipSpace()
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
        }
        skipSpace()
        guard index == bytes.count, seen & 1 << Field.text.rawValue != 0 else { throw Malformed() }
        return record
    }

    private static func field(named key: String) -> Field? {
        switch key {
        case "text": .text
        case "capturedAt": .capturedAt
        case "source": .source
        case "sourceApp": .sourceApp
        case "pinned": .pinned
        case "tags": .tags
        case "useCount": .useCount
        case "lastUsedAt": .lastUsedAt
        case "title": .title
        default: nil
        }
    }

    /// Reads the value of a known field; null leaves an optional field nil and fails `text`.
    private mutating func read(_ field: Field, into record: inout ImportRecord) throws(Malformed) {
        if field != .text, consumeLiteral("null") { return }
        switch field {
        case .text: record.text = try string()
        case .capturedAt: record.capturedAt = try string()
        case .source: record.source = try string()
        case .sourceApp: record.sourceApp = try string()
        case .lastUsedAt: record.lastUsedAt = try string()
        case .title: record.title = try string()
        case .pinned:
            if consumeLiteral("true") {
                record.pinned = true
            } else if consumeLiteral("false") {
                record.pinned = false
            } else {
                throw Malformed()
            }
        case .tags: record.tags = try strings()
        case .useCount: record.useCount = try integer()
        }
    }

    /// An array of strings.
    private mutating func strings() throws(Malformed) -> [String] {
        try expect(UInt8(ascii: "["))
        skipSpace()
        var values: [String] = []
        if consume(UInt8(ascii: "]")) { return values }
        repeat {
            skipSpace()
            values.append(try string())
            skipSpace()
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
        return values
    }

    /// A number that is an `Int` exactly, as JSONDecoder decodes one: digits alone must fit,
    /// a fraction or exponent must come to a whole number (`1.0`, `1e2`).
    private mutating func integer() throws(Malformed) -> Int {
        let (start, whole) = try number()
        let digits = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if whole {
            let negative = digits.first == UInt8(ascii: "-")
            var value = 0
            for digit in digits.dropFirst(negative ? 1 : 0) {
                let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
                let term = Int(digit - UInt8(ascii: "0"))
                let (sum, overflowSum) = negative ? times.subtractingReportingOverflow(term) : times.addingReportingOverflow(term)
                guard !overflowTimes, !overflowSum else { throw Malformed() }
                value = sum
            }
            return value
        }
        guard let double = Double(String(decoding: digits, as: UTF8.self)), let value = Int(exactly: double) else {
            throw Malformed()
        }
        return value
    }

    /// Skips a number as RFC 8259 spells it; returns where it starts and whether it has neither
    /// fraction nor exponent.
    private mutating func number() throws(Malformed) -> (start: Int, whole: Bool) {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if !consume(UInt8(ascii: "0")) { try digits() }
        var whole = true
        if consume(UInt8(ascii: ".")) {
            whole = false
            try digits()
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            whole = false
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            try digits()
        }
        return (start, whole)
    }

    /// One digit or more.
    private mutating func digits() throws(Malformed) {
        let start = index
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        guard index > start else { throw Malformed() }
    }

    /// Skips any JSON value, checking it as strictly as the fields that are read.
    private mutating func skipValue(depth: Int) throws(Malformed) {
        guard depth <= Self.maximumDepth, index < bytes.count else { throw Malformed() }
        switch bytes[index] {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "{"), UInt8(ascii: "["): try skipContainer(depth: depth)
        case UInt8(ascii: "t"): if !consumeLiteral("true") { throw Malformed() }
        case UInt8(ascii: "f"): if !consumeLiteral("false") { throw Malformed() }
        case UInt8(ascii: "n"): if !consumeLiteral("null") { throw Malformed() }
        default: _ = try number()
        }
    }

    /// Skips an object or an array.
    private mutating func skipContainer(depth: Int) throws(Malformed) {
        let isObject = bytes[index] == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        index += 1
        skipSpace()
        if consume(close) { return }
        repeat {
            skipSpace()
            if isObject {
                _ = try string()
                skipSpace()
                try expect(UInt8(ascii: ":"))
                skipSpace()
            }
            try skipValue(depth: depth + 1)
            skipSpace()
        } while consume(UInt8(ascii: ","))
        try expect(close)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Takes `byte` if it comes next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Takes `byte`, which must come next.
    mutating func expect(_ byte: UInt8) throws(Malformed) {
        guard consume(byte) else { throw Malformed() }
    }

    private mutating func consumeLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        index += count
        return true
    }
}
