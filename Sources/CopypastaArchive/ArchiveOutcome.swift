import CopypastaHTML

/// What archiving one link gave: the status and its reason, what the page says about itself,
/// and the text of its readable article for search.
public struct ArchiveOutcome: Sendable {
    /// How complete the archive is.
    public enum Status: String, Sendable {
        /// The page and every asset (or the whole non-HTML file).
        case full
        /// The page without some of its assets, or as served where the rendered DOM failed.
        case partial
        /// Nothing kept; `reason` says why.
        case failed
    }

    /// How complete the archive is.
    public var status: Status
    /// Why it is partial or failed (`HTTP 404`, `timed out`, `3 of 12 assets missing`).
    public var reason: String?
    /// Title, author, publication date and the rest, from the page.
    public var metadata = PageMetadata()
    /// The readable article's text, indexed for search; nil without an article.
    public var readableText: String?
    /// The files written, relative to the archive's folder.
    public var files: [String] = []
    /// Bytes written.
    public var bytes = 0

    /// A failed archive with its reason.
    static func failed(_ reason: String) -> ArchiveOutcome {
        ArchiveOutcome(status: .failed, reason: reason)
    }
}
