/// The JSON Lines form of entries, shared by `list --json`, `search --json`, `export` and `import` (copypasta(1) COMMANDS).
///
/// Encoding is written out by hand so that field order is stable and a
/// large text costs time linear in its size (see `JSONString`). Imported lines are read by
/// hand too (`ImportLineParser`).
public enum JSONLines {
    /// One entry as a JSON object on one line (no trailing newline); `entry.text` must be loaded.
    public static func encode(_ entry: Entry) -> String {
        var out: [UInt8] = []
        append(entry, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends one entry as a JSON object and a newline to `out`; `entry.text` must be loaded.
    ///
    /// Whenever `out` holds more than `flushAt` bytes, `flush` is called with
    /// it (see `JSONString.append`): a large text then streams out in chunks.
    public static func appendLine(
        _ entry: Entry, to out: inout [UInt8], flushAt: Int = .max, flush: (inout [UInt8]) -> Void = { _ in }
    ) {
        append(entry, to: &out, flushAt: flushAt, flush: flush)
        out.append(0x0A)
    }

    private static func append(
        _ entry: Entry, to out: inout [UInt8], flushAt: Int = .max, flush: (inout [UInt8]) -> Void = { _ in }
    ) {
        out += "{\"id\":\(entry.id),\"text\":".utf8
        if entry.secure {
            // A secure entry's text and preview never leave the store in the clear.
            out += "null,\"preview\":null".utf8
        } else {
            JSONString.append(entry.text ?? "", to: &out, flushAt: flushAt, flush: flush)
            out += ",\"preview\":".utf8
            appendString(Preview.short(entry.text ?? entry.previewSource), to: &out)
        }
        out += ",\"capturedAt\":\"\(entry.capturedAt.iso8601)\",\"source\":\"\(entry.source.rawValue)\",\"sourceApp\":".utf8
        if let app = entry.sourceApp { appendString(app, to: &out) } else { out += "null".utf8 }
        out += ",\"bytes\":\(entry.bytes),\"pinned\":\(entry.pinned),\"tags\":[".utf8
        for (index, tag) in entry.tags.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendString(tag, to: &out)
        }
        out += "],\"useCount\":\(entry.useCount),\"lastUsedAt\":".utf8
        out += (entry.lastUsedAt.map { "\"\($0.iso8601)\"" } ?? "null").utf8
        out += ",\"sync\":\"\(entry.sync.rawValue)\",\"kind\":\"\(entry.kind.rawValue)\"".utf8
        if let trashedAt = entry.trashedAt { out += ",\"trashedAt\":\"\(trashedAt.iso8601)\"".utf8 }
        if let title = entry.title {
            out += ",\"title\":".utf8
            appendString(title, to: &out)
        }
        if entry.secure { out += ",\"secure\":true".utf8 }
        appendPayloads(entry, to: &out)
        if let ai = entry.ai { out += ",\"ai\":{\(ai.jsonMembers)}".utf8 }
        out.append(UInt8(ascii: "}"))
    }

    /// The library fields (copypasta(1) FILES, "Library items"): `url`, `archive` (its status,
    /// or `missing` when the archive's folder is gone), `archiveNotSynced` (`size` when the
    /// archive stayed on the machine that made it), `archiveReason`, `linkTitle`, `pageTitle`,
    /// `author`, `published`, `archivedAt`, and `file` with the file's name, size, whether its
    /// copy is missing and `notSynced` (`size`). Present only on entries that carry them.
    private static func appendPayloads(_ entry: Entry, to out: inout [UInt8]) {
        func field(_ name: String, _ value: String?) {
            guard let value else { return }
            out += ",\"\(name)\":".utf8
            appendString(value, to: &out)
        }
        if let link = entry.link {
            field("url", link.url)
            field("archive", entry.payloadMissing && link.folder != nil && !link.notSynced ? "missing" : link.status.rawValue)
            field("archiveNotSynced", link.notSynced ? "size" : nil)
            field("archiveReason", link.reason)
            field("linkTitle", link.title)
            field("pageTitle", link.pageTitle)
            field("author", link.author)
            field("published", link.published)
            field("archivedAt", link.archivedAt?.iso8601)
        }
        if let file = entry.file {
            out += ",\"file\":{\"name\":".utf8
            appendString(file.name, to: &out)
            out += ",\"size\":\(file.size),\"missing\":\(entry.fileState == "missing")".utf8
            out += file.notSynced ? ",\"notSynced\":\"size\"}".utf8 : "}".utf8
        }
    }

    /// Appends `text` as a JSON string literal.
    public static func appendString(_ text: String, to out: inout String) {
        var bytes: [UInt8] = []
        JSONString.append(text, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal (see `JSONString`).
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        JSONString.append(text, to: &out)
    }

    /// Decodes one imported line; throws a data error naming the line number.
    ///
    /// Values quoted in the messages are cut and show invisible characters
    /// (see `Visible`), so that a bad line of a megabyte stays one readable line.
    public static func decode(_ line: some Collection<UInt8>, lineNumber: Int) throws(CoreError) -> ImportRecord {
        guard let record = ImportLineParser.record(from: line) else {
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
        if let title = record.title, let problem = SnippetTitle.problem(title) { throw .data("line \(lineNumber): \(problem)") }
        return record
    }
}

/// One line of an import file: the fields of `list --json`, all but `text` optional.
public struct ImportRecord: Equatable, Sendable {
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
    /// The snippet title; a named entry is imported pinned.
    public var title: String?

    /// A record with `text` and any of the optional fields.
    public init(
        text: String, capturedAt: String? = nil, source: String? = nil, sourceApp: String? = nil, pinned: Bool? = nil,
        tags: [String]? = nil, useCount: Int? = nil, lastUsedAt: String? = nil, title: String? = nil
    ) {
        self.title = title
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
