/// The order of a listing (`list --sort`), for snippets above all: the ones used most, the
/// ones used last, or alphabetical by title.
public enum EntrySort: String, Sendable, CaseIterable {
    /// Most restored first; equals newest first.
    case used
    /// Last used or, if never used, stored most recently first.
    case recent
    /// By title without regard to case, untitled entries last, newest first among those.
    case title

    /// The SQL ORDER BY clause over the entry alias `e`. A restore does not move an entry in
    /// the history, so `recent` reads the later of its last use and its capture.
    var orderBy: String {
        switch self {
        case .used: "e.use_count DESC, e.seq DESC"
        case .recent: "max(coalesce(e.last_used_at, 0), e.captured_at) DESC, e.seq DESC"
        case .title: "e.title IS NULL, e.title COLLATE NOCASE, e.seq DESC"
        }
    }
}
