import CopypastaCore
import CopypastaStore

/// Where the picker's pages come from: the store, read as `list` and `search` read it.
public enum PickerSource {
    /// One page of `query` (search syntax; empty: the whole history), newest first.
    ///
    /// A query with words ranks snippets whose titles match fuzzily first, as `find` does; the
    /// store's `find` has no offset, so a later page asks for everything up to its end and
    /// drops what the earlier pages showed. Filters alone (`tag:work`) page with an offset.
    public static func page(_ store: HistoryStore, query: String, offset: Int, limit: Int) throws -> [Entry] {
        let trimmed = query.trimmingSpaces()
        if trimmed.isEmpty { return try store.entries(EntryFilter(limit: limit, offset: offset)) }
        let parsed = try SearchQuery.parse(trimmed)
        let text = parsed.findText
        if !text.isEmpty, !parsed.inTrash {
            return Array(try store.find(text, filters: parsed, limit: offset + limit).dropFirst(offset))
        }
        return try store.search(parsed, order: .recent, limit: limit, offset: offset)
    }
}
