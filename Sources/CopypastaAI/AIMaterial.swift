import CopypastaCore

/// The text sent for one entry (copypasta(1) ai): the entry's own text; for a link its archived
/// readable text, or its URL and title; for a document its extracted text. Cut to `ai-max-chars`.
public struct AIMaterial: Equatable, Sendable {
    /// The text sent.
    public var text: String
    /// The characters before the cut; equal to `text.count` when nothing was cut.
    public var fullCharacters: Int

    /// Whether the text was cut.
    public var isCut: Bool { fullCharacters > text.count }

    /// The material of an entry of `kind` with `text`, and the link or document details when it has them.
    public init(kind: EntryKind, text: String, pageTitle: String?, body: String?, maxCharacters: Int) {
        var whole = text
        if kind == .link {
            whole = "URL: " + text.split(whereSeparator: \.isWhitespace).joined()
            if let pageTitle, !pageTitle.isEmpty { whole += "\nTitle: " + pageTitle }
            if let body, !body.isEmpty { whole += "\n\n" + body }
        } else if let body, !body.isEmpty {
            whole = body
        }
        fullCharacters = whole.count
        self.text = fullCharacters > maxCharacters ? String(whole.prefix(maxCharacters)) : whole
    }

    /// The note the output carries when the text was cut, or nil.
    public var cutNote: String? {
        isCut ? "the text was cut to \(text.count) of \(fullCharacters) characters (ai-max-chars)" : nil
    }
}
