import FoundationEssentials

/// The plaintext of a segment or pack: JSON Lines of `SyncRecord`s (docs/DESIGN.md §14.3).
///
/// Encoding is written out by hand (stable field order, like `JSONLines`); decoding uses
/// JSONDecoder. A line whose `"t"` this build does not know is skipped, so a newer version can
/// add record kinds without older ones refusing its files; a line that is not JSON is an error
/// (an authenticated file that does not parse is a bug, not something to half-import).
public enum SyncRecords {
    /// The records as JSON Lines, each line ending in a newline.
    public static func encode(_ records: [SyncRecord]) -> [UInt8] {
        var out: [UInt8] = []
        for record in records {
            switch record {
            case let .entry(entry): append(entry, to: &out)
            case let .ack(ack):
                out += "{\"t\":\"ack\",\"dev\":".utf8
                JSONString.append(ack.dev, to: &out)
                out += ",\"seq\":\(ack.seq)}".utf8
            }
            out.append(0x0A)
        }
        return out
    }

    /// The records of `bytes`, in order; empty lines and lines of unknown kinds are skipped.
    public static func decode(_ bytes: [UInt8]) throws(CoreError) -> [SyncRecord] {
        try decode(lines: lines(of: bytes)[...])
    }

    /// The lines of `bytes` (without their newlines), for `decode(lines:)` a part at a time.
    public static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    }

    /// The records of some of the lines `lines(of:)` made (their indices are the line numbers
    /// minus one), in order; empty lines and lines of unknown kinds are skipped.
    public static func decode(lines: ArraySlice<ArraySlice<UInt8>>) throws(CoreError) -> [SyncRecord] {
        var records: [SyncRecord] = []
        let decoder = JSONDecoder()
        for (index, line) in zip(lines.indices, lines) where !line.isEmpty {
            let decoded: Line
            do {
                decoded = try decoder.decode(Line.self, from: Data(line))
            } catch {
                throw .data("sync record line \(index + 1): not a JSON object with a \"t\" field")
            }
            if let record = try decoded.record(lineNumber: index + 1) { records.append(record) }
        }
        return records
    }

    private static func append(_ entry: SyncEntryRecord, to out: inout [UInt8]) {
        out += "{\"t\":\"entry\",\"gid\":".utf8
        JSONString.append(entry.gid, to: &out)
        for (name, value) in [
            ("text", entry.text), ("capturedAt", entry.capturedAt), ("source", entry.source), ("sourceApp", entry.sourceApp),
        ] {
            out += ",\"\(name)\":".utf8
            optional(value, to: &out)
        }
        out += ",\"exists\":\(entry.exists),\"existsAt\":\(entry.existsAt)".utf8
        if entry.purge { out += ",\"purge\":true".utf8 }
        out += ",\"pinned\":\(entry.pinned),\"pinnedAt\":\(entry.pinnedAt),\"title\":".utf8
        optional(entry.title, to: &out)
        out += ",\"titleAt\":\(entry.titleAt),\"tags\":[".utf8
        for (index, tag) in entry.tags.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONString.append(tag, to: &out)
        }
        out += "],\"tagsAt\":\(entry.tagsAt)".utf8
        if let file = entry.file {
            out += ",\"file\":{\"folder\":".utf8
            JSONString.append(file.folder, to: &out)
            out += ",\"name\":".utf8
            JSONString.append(file.name, to: &out)
            out += ",\"size\":\(file.size),\"digest\":".utf8
            JSONString.append(file.digest, to: &out)
            out += ",\"synced\":\(file.synced)}".utf8
        }
        if entry.fileAt != 0 { out += ",\"fileAt\":\(entry.fileAt)".utf8 }
        if let link = entry.link { append(link, to: &out) }
        if entry.linkAt != 0 { out += ",\"linkAt\":\(entry.linkAt)".utf8 }
        out += "}".utf8
    }

    private static func append(_ link: SyncedLink, to out: inout [UInt8]) {
        out += ",\"link\":{\"url\":".utf8
        JSONString.append(link.url, to: &out)
        for (name, value) in [
            ("title", link.title), ("status", link.status), ("reason", link.reason), ("folder", link.folder),
            ("pageTitle", link.pageTitle), ("author", link.author), ("published", link.published),
        ] {
            out += ",\"\(name)\":".utf8
            optional(value, to: &out)
        }
        out += ",\"archivedAt\":\(link.archivedAt.map(String.init) ?? "null"),\"synced\":\(link.synced)}".utf8
    }

    private static func optional(_ value: String?, to out: inout [UInt8]) {
        if let value { JSONString.append(value, to: &out) } else { out += "null".utf8 }
    }

    /// Every field any record kind has; which ones must be present depends on `t`.
    private struct Line: Decodable {
        var t: String
        var gid: String?
        var text: String?
        var capturedAt: String?
        var source: String?
        var sourceApp: String?
        var exists: Bool?
        var existsAt: Int64?
        var purge: Bool?
        var pinned: Bool?
        var pinnedAt: Int64?
        var title: String?
        var titleAt: Int64?
        var tags: [String]?
        var tagsAt: Int64?
        var dev: String?
        var seq: Int64?
        var file: FileLine?
        var fileAt: Int64?
        var link: LinkLine?
        var linkAt: Int64?

        /// An entry's `file` object.
        struct FileLine: Decodable {
            var folder: String
            var name: String
            var size: Int64
            var digest: String
            var synced: Bool
        }

        /// An entry's `link` object.
        struct LinkLine: Decodable {
            var url: String
            var title: String?
            var status: String
            var reason: String?
            var folder: String?
            var pageTitle: String?
            var author: String?
            var published: String?
            var archivedAt: Int64?
            var synced: Bool

            var link: SyncedLink {
                var link = SyncedLink(url: url, status: status)
                (link.title, link.reason, link.folder) = (title, reason, folder)
                (link.pageTitle, link.author, link.published) = (pageTitle, author, published)
                (link.archivedAt, link.synced) = (archivedAt, synced)
                return link
            }
        }

        func record(lineNumber: Int) throws(CoreError) -> SyncRecord? {
            switch t {
            case "entry":
                guard let gid, let exists, let existsAt else {
                    throw .data("sync record line \(lineNumber): an entry needs gid, exists and existsAt")
                }
                var entry = SyncEntryRecord(
                    gid: gid, text: text, capturedAt: capturedAt, source: source, sourceApp: sourceApp, exists: exists,
                    existsAt: existsAt, pinned: pinned ?? false, pinnedAt: pinnedAt ?? 0, title: title,
                    titleAt: titleAt ?? 0, tags: tags ?? [], tagsAt: tagsAt ?? 0)
                entry.purge = !exists && purge == true
                entry.file = file.map {
                    SyncedFile(folder: $0.folder, name: $0.name, size: $0.size, digest: $0.digest, synced: $0.synced)
                }
                entry.fileAt = fileAt ?? 0
                entry.link = link?.link
                entry.linkAt = linkAt ?? 0
                return .entry(entry)
            case "ack":
                guard let dev, let seq else { throw .data("sync record line \(lineNumber): an ack needs dev and seq") }
                return .ack(AckRecord(dev: dev, seq: seq))
            default:
                return nil
            }
        }
    }
}
