/// The searchable text of a document (docs/DESIGN.md "The library"): what `add --file` stores
/// as the entry's `document` body.
///
/// Plain text, Markdown and source code are their own text; HTML has its tags skipped
/// (`HTMLText`); PDF goes through `pdftotext`, which the command spawns; anything else is
/// found by its name only.
public enum DocumentText {
    /// How a file's text is read.
    public enum Format: Equatable, Sendable {
        /// UTF-8 text as it is.
        case plain
        /// HTML: the text between the tags.
        case html
        /// PDF: through `pdftotext`.
        case pdf
        /// No text is read; the name is searchable.
        case none
    }

    /// The most text stored for one document: the full-text index reads the first million
    /// characters of a text anyway (Schema.indexedCharacters).
    public static let maximumBytes = 4 << 20

    /// The extensions read as plain text, in lower case.
    static let plainExtensions: Set<String> = [
        "txt", "text", "md", "markdown", "mdown", "rst", "org", "adoc", "tex", "csv", "tsv", "json", "yaml", "yml",
        "toml", "xml", "ini", "conf", "cfg", "log", "srt", "vtt", "sql", "css", "scss", "swift", "c", "h", "cc", "cpp",
        "hpp", "cxx", "m", "mm", "py", "rb", "pl", "php", "js", "mjs", "ts", "tsx", "jsx", "go", "rs", "java", "kt",
        "kts", "scala", "cs", "fs", "hs", "ml", "lua", "r", "jl", "dart", "zig", "nim", "sh", "bash", "zsh", "fish",
        "ps1", "bat", "make", "mk", "cmake", "gradle", "el", "vim", "diff", "patch",
    ]

    /// The format of a file named `name` whose first bytes are `head` (up to 8 KiB): by its
    /// extension, else plain text when the head is UTF-8 without NUL bytes.
    public static func format(name: String, head: [UInt8]) -> Format {
        let lower = name.lowercased()
        let ext = lower.lastIndex(of: ".").map { String(lower[lower.index(after: $0)...]) }
        switch ext {
        case "html", "htm", "xhtml": return .html
        case "pdf": return .pdf
        case let ext? where plainExtensions.contains(ext): return .plain
        default:
            if head.starts(with: Array("%PDF-".utf8)) { return .pdf }
            return looksLikeText(head) ? .plain : .none
        }
    }

    /// Whether `head` reads as text: no NUL byte, and UTF-8 apart from a sequence cut at its end.
    static func looksLikeText(_ head: [UInt8]) -> Bool {
        guard !head.isEmpty, !head.contains(0) else { return false }
        var end = head.count
        // A multi-byte character cut by the 8 KiB read is not a reason to call the file binary.
        while end > 0, head.count - end < 3, head[end - 1] & 0xC0 == 0x80 { end -= 1 }
        if end > 0, head[end - 1] >= 0xC0 { end -= 1 }
        return String(validating: head[..<end], as: UTF8.self) != nil
    }

    /// The text of `bytes` in `format` (`plain` or `html`), at most `maximumBytes`; invalid UTF-8
    /// is replaced, so a file in another encoding still finds its ASCII words.
    public static func text(of bytes: [UInt8], format: Format) -> String? {
        let text: String
        switch format {
        case .plain: text = String(decoding: bytes.prefix(maximumBytes), as: UTF8.self)
        case .html: text = HTMLText.extract(bytes)
        case .pdf, .none: return nil
        }
        let trimmed =
            text.utf8.count > maximumBytes ? String(decoding: Array(text.utf8.prefix(maximumBytes)), as: UTF8.self) : text
        return trimmed.contains(where: { $0.isLetter || $0.isNumber }) ? trimmed : nil
    }
}
