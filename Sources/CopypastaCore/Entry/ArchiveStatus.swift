/// Where the archive of a link item stands (copypasta(1) `archive:` filter, docs/DESIGN.md
/// "The library").
///
/// Stored as its raw value in `entry_link.archive`; the raw values are what `search`, `list` and
/// `--json` show.
public enum ArchiveStatus: String, Sendable, CaseIterable {
    /// No archive is wanted (`archive-links = off`, or a captured link with `added`).
    case none
    /// Queued: the archive worker fetches it when it next runs.
    case pending
    /// The page and every asset it references were saved.
    case full
    /// The page was saved without some of its assets, or as raw HTML only.
    case partial
    /// Nothing was fetched; `EntryLink.reason` says why (HTTP status, DNS, timeout, too large).
    case failed
}
