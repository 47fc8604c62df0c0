import FoundationEssentials

/// The JSON Lines form of entries, shared by `list --json`, `search --json`, `export` and `import` (SPEC §7).
///
/// Encoding is written out by hand so that field order is stable and a
/// megabyte text is escaped in one pass; decoding of imported lines uses
/// FoundationEssentials' JSONDecoder.
public enum JSONLines {
    /// One entry as a JSON object on one line (no trailing newline); `entry.text` must be loaded.
    public static func encode(_ entry: Entry) -> String {
        var out = "{\"id\":\(entry.id),\"text\":"
        appendString(entry.text ?? "", to: &out)
        out += ",\"preview\":"
        appendString(Preview.short(entry.text ?? entry.previewSource), to: &out)
        out += ",\"capturedAt\":\"\(entry.capturedAt.iso8601)\",\"source\":\"\(entry.source.rawValue)\",\"sourceApp\":"
        if let app = entry.sourceApp { appendString(app, to: &out) } else { out += "null" }
        out += ",\"bytes\":\(entry.bytes),\"pinned\":\(entry.pinned),\"tags\":["
        for (index, tag) in entry.tags.enumerated() {
            if index > 0 { out += "," }
            appendString(tag, to: &out)
        }
        out += "],\"useCount\":\(entry.useCount),\"lastUsedAt\":"
        out += entry.lastUsedAt.map { "\"\($0.iso8601)\"" } ?? "null"
        out += "}"
        return out
    }

    /// Appends `text` as a JSON string literal.
    public static func appendString(_ text: String, to out: inout String) {
        out.append("\"")
        var pending = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        var index = pending
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String? = switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                "\\u" + hex4(scalar.value)
            default: nil
            }
            if let escape {
                out.unicodeScalars.append(contentsOf: scalars[pending..<index])
                out.append(escape)
                pending = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        out.unicodeScalars.append(contentsOf: scalars[pending..<scalars.endIndex])
        out.append("\"")
    }

    /// Decodes one imported line; throws a data error naming the line number.
    public static func decode(_ line: some Collection<UInt8>, lineNumber: Int) throws(CoreError) -> ImportRecord {
        let record: ImportRecord
        do {
            record = try JSONDecoder().decode(ImportRecord.self, from: Data(line))
        } catch {
            throw .data("line \(lineNumber): not a copypasta JSON object with a \"text\" string")
        }
        if let stamp = record.capturedAt, Timestamp.parseISO8601(stamp) == nil {
            throw .data("line \(lineNumber): capturedAt '\(stamp)' is not an ISO 8601 time")
        }
        if let source = record.source, EntrySource(rawValue: source) == nil {
            throw .data("line \(lineNumber): unknown source '\(source)'")
        }
        return record
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
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
