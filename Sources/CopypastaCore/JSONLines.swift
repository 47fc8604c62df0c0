import FoundationEssentials

/// The JSON Lines form of entries, shared by `list --json`, `search --json`, `export` and `import` (SPEC §7).
///
/// Encoding is written out by hand so that field order is stable and a
/// large text costs one pass: its UTF-8 bytes are copied in runs between the
/// few bytes that need an escape, into a buffer reserved up front (an entry
/// of 20 MiB is encoded in about the time it takes to copy it). Decoding of
/// imported lines uses FoundationEssentials' JSONDecoder.
public enum JSONLines {
    /// One entry as a JSON object on one line (no trailing newline); `entry.text` must be loaded.
    public static func encode(_ entry: Entry) -> String {
        var out: [UInt8] = []
        append(entry, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends one entry as a JSON object and a newline to `out`; `entry.text` must be loaded.
    public static func appendLine(_ entry: Entry, to out: inout [UInt8]) {
        append(entry, to: &out)
        out.append(0x0A)
    }

    private static func append(_ entry: Entry, to out: inout [UInt8]) {
        let text = entry.text ?? ""
        out.reserveCapacity(out.count + text.utf8.count + 512)
        out += "{\"id\":\(entry.id),\"text\":".utf8
        appendString(text, to: &out)
        out += ",\"preview\":".utf8
        appendString(Preview.short(entry.text ?? entry.previewSource), to: &out)
        out += ",\"capturedAt\":\"\(entry.capturedAt.iso8601)\",\"source\":\"\(entry.source.rawValue)\",\"sourceApp\":".utf8
        if let app = entry.sourceApp { appendString(app, to: &out) } else { out += "null".utf8 }
        out += ",\"bytes\":\(entry.bytes),\"pinned\":\(entry.pinned),\"tags\":[".utf8
        for (index, tag) in entry.tags.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendString(tag, to: &out)
        }
        out += "],\"useCount\":\(entry.useCount),\"lastUsedAt\":".utf8
        out += (entry.lastUsedAt.map { "\"\($0.iso8601)\"" } ?? "null").utf8
        out.append(UInt8(ascii: "}"))
    }

    /// Appends `text` as a JSON string literal.
    public static func appendString(_ text: String, to out: inout String) {
        var bytes: [UInt8] = []
        appendString(text, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal, escaping `"`, `\\`, control
    /// characters and U+2028/U+2029 (which end lines in JavaScript).
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0, to: &out) }
    }

    /// Two passes over the bytes: the first measures the escaped length, the
    /// second writes straight into that much room at the end of `out`. Runs
    /// of bytes that need no escape are found eight bytes at a time and
    /// copied whole, so a large text costs about two reads and one copy.
    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var length = utf8.count + 2
        var index = nextEscape(in: utf8, from: 0)
        while index < utf8.count {
            let escape = self.escape(utf8, at: index)
            length += escape.count - escape.consumed
            index = nextEscape(in: utf8, from: index + escape.consumed)
        }
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: length))
        out.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress, let source = UnsafeRawPointer(utf8.baseAddress) else { return }
            var cursor = base + start
            cursor.storeBytes(of: quote, as: UInt8.self)
            cursor += 1
            var done = 0
            while done < utf8.count {
                let special = nextEscape(in: utf8, from: done)
                cursor.copyMemory(from: source + done, byteCount: special - done)
                cursor += special - done
                guard special < utf8.count else { break }
                let escape = self.escape(utf8, at: special)
                escape.bytes.withUnsafeBytes { cursor.copyMemory(from: $0.baseAddress ?? source, byteCount: $0.count) }
                cursor += escape.count
                done = special + escape.consumed
            }
            cursor.storeBytes(of: quote, as: UInt8.self)
        }
    }

    /// The index of the first byte at or after `start` that starts an escape, or the end.
    private static func nextEscape(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = UnsafeRawPointer(utf8.baseAddress) else { return utf8.count }
        var index = start
        while index + 8 <= utf8.count, !mayNeedEscape(base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
            index += 8
        }
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x20 || byte == quote || byte == backslash || (byte == 0xE2 && isLineSeparator(utf8, at: index)) {
                return index
            }
            index += 1
        }
        return index
    }

    /// Whether any of eight bytes is a control character, `"`, `\` or 0xE2 (which starts U+2028 and U+2029).
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let below0x20 = (word &- ones &* 0x20) & ~word & highs != 0
        return below0x20 || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C)) || hasZero(word ^ (ones &* 0xE2))
    }

    /// The escape for the character at `index`, and how many bytes of the input it replaces.
    private static func escape(
        _ utf8: UnsafeBufferPointer<UInt8>, at index: Int
    ) -> (bytes: [UInt8], count: Int, consumed: Int) {
        let byte = utf8[index]
        if byte == 0xE2 {
            let bytes = utf8[index + 2] == 0xA8 ? lineSeparator : paragraphSeparator
            return (bytes, bytes.count, 3)
        }
        let bytes = escapes[Int(byte)]
        return (bytes, bytes.count, 1)
    }

    private static let lineSeparator = Array(#"\u2028"#.utf8)
    private static let paragraphSeparator = Array(#"\u2029"#.utf8)
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// The escape of every byte that needs one (control characters, `"` and `\`), indexed by the byte.
    private static let escapes: [[UInt8]] = (0...backslash).map { byte in
        switch byte {
        case quote: return Array(#"\""#.utf8)
        case backslash: return Array(#"\\"#.utf8)
        case 0x0A: return Array(#"\n"#.utf8)
        case 0x0D: return Array(#"\r"#.utf8)
        case 0x09: return Array(#"\t"#.utf8)
        default:
            let digits = Array("0123456789abcdef".utf8)
            return Array(#"\u00"#.utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
        }
    }

    /// Whether U+2028 or U+2029 starts at `index` (they end lines in JavaScript, so JSON Lines escapes them).
    private static func isLineSeparator(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < utf8.count && utf8[index + 1] == 0x80 && utf8[index + 2] & 0xFE == 0xA8
    }

    /// Decodes one imported line; throws a data error naming the line number.
    ///
    /// Values quoted in the messages are cut and show invisible characters
    /// (see `Visible`), so that a bad line of a megabyte stays one readable line.
    public static func decode(_ line: some Collection<UInt8>, lineNumber: Int) throws(CoreError) -> ImportRecord {
        let record: ImportRecord
        do {
            record = try JSONDecoder().decode(ImportRecord.self, from: Data(line))
        } catch {
            throw .data("line \(lineNumber): not a copypasta JSON object with a \"text\" string")
        }
        if record.text.isEmpty { throw .data("line \(lineNumber): the text is empty") }
        for (field, stamp) in [("capturedAt", record.capturedAt), ("lastUsedAt", record.lastUsedAt)] {
            if let stamp, Timestamp.parseISO8601(stamp) == nil {
                throw .data("line \(lineNumber): \(field) \(Visible.quoted(stamp)) is not a valid ISO 8601 time")
            }
        }
        if let source = record.source, EntrySource(rawValue: source) == nil {
            throw .data("line \(lineNumber): unknown source \(Visible.quoted(source))")
        }
        for tag in record.tags ?? [] {
            if let problem = TagName.problem(tag) { throw .data("line \(lineNumber): \(problem)") }
        }
        return record
    }
}

/// One line of an import file: the fields of `list --json`, all but `text` optional.
public struct ImportRecord: Decodable, Sendable {
    /// The entry's text.
    public var text: String
    /// ISO 8601 capture time; now when missing.
    public var capturedAt: String?
    /// `clipboard`, `primary`, `manual` or `import`; `import` when missing.
    public var source: String?
    /// The source application, when known.
    public var sourceApp: String?
    /// Whether the entry is pinned.
    public var pinned: Bool?
    /// The entry's tags.
    public var tags: [String]?
    /// How many times it was restored.
    public var useCount: Int?
    /// ISO 8601 time of the last restore.
    public var lastUsedAt: String?

    /// A record with `text` and any of the optional fields.
    public init(
        text: String, capturedAt: String? = nil, source: String? = nil, sourceApp: String? = nil, pinned: Bool? = nil,
        tags: [String]? = nil, useCount: Int? = nil, lastUsedAt: String? = nil
    ) {
        self.text = text
        self.capturedAt = capturedAt
        self.source = source
        self.sourceApp = sourceApp
        self.pinned = pinned
        self.tags = tags
        self.useCount = useCount
        self.lastUsedAt = lastUsedAt
    }
}
