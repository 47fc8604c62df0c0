/// What an entry record from another machine must satisfy before it is applied.
///
/// Another machine is trusted with the history, not with this machine's limits: a record that
/// this machine could never have written (a text over its `max-bytes`, a gid that is not a key's
/// hash, a tag or title its commands refuse, a clock from the far future that would win every
/// conflict for good) is left out and logged; the rest of the file is applied.
extension EntryRecord {
    /// How far ahead of this machine's wall clock a record's clock may be: a year.
    public static let clockLead: Int64 = 366 * 86_400_000

    /// Why this record cannot be applied here, or nil. `wallMilliseconds` is this machine's clock.
    public func problem(maxBytes: Int, wallMilliseconds: Int64) -> String? {
        let latest = (wallMilliseconds + Self.clockLead) << 16
        if gid.count != 32 || !gid.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) {
            return "its entry id is not 32 hexadecimal digits"
        }
        if [existsAt, pinnedAt, titleAt, tagsAt].contains(where: { $0 < 0 || $0 > latest }) {
            return "a clock is negative or more than a year ahead of this machine's"
        }
        if let text, text.utf8.count > maxBytes { return "its text is larger than max-bytes (\(maxBytes) bytes)" }
        if exists, text?.isEmpty ?? true { return "an existing entry without text" }
        if let capturedAt, Timestamp.parseISO8601(capturedAt) == nil { return "its capture time is not an ISO 8601 time" }
        if let problem = tags.lazy.compactMap(TagName.problem).first { return problem }
        if let title, let problem = SnippetTitle.problem(title) { return problem }
        return nil
    }
}
