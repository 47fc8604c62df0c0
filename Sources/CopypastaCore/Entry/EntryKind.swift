/// How an entry started, decided once when it is stored: plain text, a link or a document.
///
/// The kind never changes afterwards: a text item that later gets a URL or a file attached
/// (`attach`) stays `text`; what an item carries is in `Entry.link` and `Entry.file`.
public enum EntryKind: String, Sendable, CaseIterable {
    /// Any text that is not a single URL.
    case text
    /// A text whose whole content, trimmed, is one URL (http, https, ftp, file or mailto), or an
    /// item added with `add --url`.
    case link
    /// A file copied into the library (`add --file`); the entry's text is its title.
    case document

    /// The URL schemes a link may have; lower case.
    public static let linkSchemes = ["http", "https", "ftp", "file", "mailto"]

    /// The kind of `text`. Decided from the characters alone: nothing is fetched or resolved.
    ///
    /// A link is one token: no white space or control character once the ends are trimmed, a
    /// known scheme, and something after it (a host after `//` for http, https and ftp).
    public static func of(_ text: String) -> EntryKind {
        // A URL is short; a long text is text whatever it starts with.
        guard text.utf8.count <= 8192 else { return .text }
        let trimmed = text.trimmingWhitespace()
        // The scheme first: the longest known one has six letters, so a colon further on means
        // text, and most texts are decided without looking at every character (an import spent
        // 3.5 % of its time here; BENCHMARKS.md, "Import, fourth pass").
        guard let colon = trimmed.prefix(7).firstIndex(of: ":") else { return .text }
        let scheme = trimmed[..<colon].lowercased()
        guard linkSchemes.contains(scheme),
            !trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control })
        else { return .text }
        let rest = trimmed[trimmed.index(after: colon)...]
        switch scheme {
        case "http", "https", "ftp":
            guard rest.hasPrefix("//") else { return .text }
            return rest.dropFirst(2).prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" }).isEmpty ? .text : .link
        case "file":
            return rest.hasPrefix("/") ? .link : .text
        case "mailto":
            return rest.contains("@") ? .link : .text
        default:
            return .text
        }
    }
}

extension String {
    /// The text without leading and trailing white space (new lines included).
    fileprivate func trimmingWhitespace() -> Substring {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return view
    }
}
