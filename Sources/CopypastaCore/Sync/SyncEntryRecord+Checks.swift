/// What an entry record from another machine must satisfy before it is applied.
///
/// Another machine is trusted with the history, not with this machine's limits: a record that
/// this machine could never have written (a text over its `max-bytes`, a gid that is not a key's
/// hash, a tag or title its commands refuse, a clock outside what the clock arithmetic holds) is
/// left out and logged; the rest of the file is applied. A clock far ahead is applied: a
/// machine whose clock jumped ahead must not be cut off, and a local change made afterwards takes
/// a clock above it anyway (docs/DESIGN.md §14.3).
extension SyncEntryRecord {
    /// The largest clock applied: far beyond any wall clock, with room for `+ 1`.
    public static let latestClock: Int64 = 1 << 62

    /// Why this record cannot be applied here, or nil. `wallMilliseconds` is this machine's clock.
    public func problem(maxBytes: Int) -> String? {
        if gid.count != 32 || !gid.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) {
            return "its entry id is not 32 hexadecimal digits"
        }
        if [existsAt, pinnedAt, titleAt, tagsAt].contains(where: { $0 < 0 || $0 > Self.latestClock }) {
            return "a clock is negative or beyond 2^62"
        }
        if let text, text.utf8.count > maxBytes { return "its text is larger than max-bytes (\(maxBytes) bytes)" }
        if exists, text?.isEmpty ?? true { return "an existing entry without text" }
        if let capturedAt, Timestamp.parseISO8601(capturedAt) == nil { return "its capture time is not an ISO 8601 time" }
        if let problem = tags.lazy.compactMap(TagName.problem).first { return problem }
        if let title, let problem = SnippetTitle.problem(title) { return problem }
        return file?.problem
    }
}
