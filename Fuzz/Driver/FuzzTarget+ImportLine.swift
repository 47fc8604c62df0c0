import CopypastaCore
import FoundationEssentials

/// The import's hand-written line parser against the JSONDecoder it replaced (issue 19).
extension FuzzTarget {
    /// Each line: one the parser accepts, JSONDecoder accepts too, with the same fields
    /// (`ImportLineParser` refuses only more, never reads otherwise).
    static func importline(_ bytes: [UInt8]) {
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard let record = try? JSONLines.decode(line, lineNumber: index + 1) else { continue }
            let decoded = try? JSONDecoder().decode(DecodedLine.self, from: Data(line))
            precondition(decoded?.record == record, "the parser read \(record), JSONDecoder \(String(describing: decoded))")
        }
    }

    /// An import line as JSONDecoder decoded it before the parser.
    private struct DecodedLine: Decodable {
        var text: String
        var capturedAt: String?
        var source: String?
        var sourceApp: String?
        var pinned: Bool?
        var tags: [String]?
        var useCount: Int?
        var lastUsedAt: String?
        var title: String?

        var record: ImportRecord {
            ImportRecord(
                text: text, capturedAt: capturedAt, source: source, sourceApp: sourceApp, pinned: pinned, tags: tags,
                useCount: useCount, lastUsedAt: lastUsedAt, title: title)
        }
    }
}
