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
    /// second writes straight into that much room at the end of `out`, so a
    /// large text costs no reallocation and no per-escape bookkeeping.
    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var length = utf8.count + 2
        for index in utf8.indices {
            let byte = utf8[index]
            if byte < 0x20 || byte == quote || byte == backslash {
                length += escapes[Int(byte)].count - 1
            } else if byte == 0xE2, isLineSeparator(utf8, at: index) {
                length += 3
            }
        }
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: length))
        out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var cursor = base + start
            func put(_ byte: UInt8) {
                cursor.pointee = byte
                cursor += 1
            }
            put(quote)
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x20 || byte == quote || byte == backslash {
                    escapes[Int(byte)].forEach(put)
                } else if byte == 0xE2, isLineSeparator(utf8, at: index) {
                    (utf8[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8.forEach(put)
                    index += 2
                } else {
                    put(byte)
                }
                index += 1
            }
            put(quote)
        }
    }

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
