/// The one ranking of `find`, `pick QUERY` and the `/name` expansion's look-ups: how well a
/// query matches an entry's title and text.
///
/// Scores, best first: the whole title (120), the title's start (100), the start of a word of
/// the title or text (80), anywhere in the title or text (60), and the query's characters in
/// order in the title (40: `gsig` finds `git-signoff`). Comparison ignores case and the
/// diacritics of Latin letters (`FoldedText`). In-order matching applies to titles only: a few
/// letters are in order in almost every long text, so it would rank noise. Equal scores are
/// ordered by use count, then by the later of last use and capture (`precedes`).
public enum FuzzyRank {
    /// The score of the whole title.
    public static let exactTitle = 120
    /// The score of a title that starts with the query.
    public static let titlePrefix = 100
    /// The score of a word of the title or text that starts with the query.
    public static let wordPrefix = 80
    /// The score of the query found inside the title or text.
    public static let substring = 60
    /// The score of the query's characters found in order in the title.
    public static let inOrder = 40

    /// How many characters of a text are compared: a snippet is short, and a long text's later
    /// part would cost time for every query without changing its score much.
    public static let textCharacters = 4096

    /// The score of `query` against `title` and `text`, nil when neither matches (or the
    /// query is empty).
    public static func score(_ query: String, title: String?, text: String?) -> Int? {
        let folded = FoldedText(query)
        guard !folded.scalars.isEmpty else { return nil }
        return score(folded, title: title, text: text)
    }

    /// `score` with the query folded once, for ranking many entries.
    public static func score(_ query: FoldedText, title: String?, text: String?) -> Int? {
        var best: Int?
        if let title { best = titleScore(query.scalars, FoldedText(title).scalars) }
        if best ?? 0 < wordPrefix, let text {
            let textScore = FoldedText(text.prefix(textCharacters)).find(query.scalars)
            best = max(best ?? 0, textScore ?? 0) == 0 ? nil : max(best ?? 0, textScore ?? 0)
        }
        return best
    }

    /// True when `a` ranks before `b` at equal scores: used more, then used or captured later,
    /// then the newer id.
    public static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.useCount != b.useCount { return a.useCount > b.useCount }
        let recentA = recency(a), recentB = recency(b)
        return recentA != recentB ? recentA > recentB : a.id > b.id
    }

    /// The later of an entry's last use and its capture, in microseconds.
    public static func recency(_ entry: Entry) -> Int64 {
        max(entry.lastUsedAt?.microseconds ?? 0, entry.capturedAt.microseconds)
    }

    private static func titleScore(_ query: [Unicode.Scalar], _ title: [Unicode.Scalar]) -> Int? {
        if title == query { return exactTitle }
        if title.starts(with: query) { return titlePrefix }
        if let found = FoldedText(scalars: title).find(query) { return found }
        return isSubsequence(query, of: title) ? inOrder : nil
    }

    private static func isSubsequence(_ query: [Unicode.Scalar], of text: [Unicode.Scalar]) -> Bool {
        var next = query.startIndex
        for scalar in text where next < query.endIndex && scalar == query[next] { next += 1 }
        return next == query.endIndex
    }
}
