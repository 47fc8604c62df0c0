import CopypastaCore
import CopypastaStore

/// Where the picker's pages come from: the store's picker list (`HistoryStore.pickerPage`), the
/// list `pick` offers too.
///
/// The list asks by offset; the store pages by a cursor (the next page starts below the last row
/// shown), so a page deep in a common word's hits costs what the first one does. The source
/// keeps the cursor of the query it last read and starts over when the query changes or the
/// list asks from the top again (a refresh after a change).
public final class PickerSource {
    private let store: HistoryStore
    private var query: String?
    private var parsed = SearchQuery()
    private var shown = 0
    private var next: PickerCursor?
    private var ended = false

    /// A source reading `store`.
    public init(store: HistoryStore) {
        self.store = store
    }

    /// The rows `offset` to `offset + limit` (about: the first page may hold more, its
    /// snippets, and a page of a phrase or several words may hold fewer, `HistoryStore.pickerPage`'s `partial`)
    /// of `query` (search syntax; empty: the whole history, as `list` orders it), and whether
    /// more may follow.
    public func page(query: String, offset: Int, limit: Int) throws -> (entries: [Entry], more: Bool) {
        // The whole history in the list's own order (`order = used` included) pages by offset.
        if query.trimmingSpaces().isEmpty {
            let rows = try payloads(store.entries(EntryFilter(limit: limit, offset: offset)))
            return (rows, rows.count >= limit)
        }
        if query != self.query || offset != shown || offset == 0 {
            parsed = try SearchQuery.parse(query.trimmingSpaces())
            self.query = query
            shown = 0
            next = nil
            ended = false
            if offset > 0 { _ = try read(offset) }
        }
        let rows = try payloads(read(limit))
        return (rows, !ended)
    }

    /// The rows with what their kind column shows: a link's archive status, a document's file
    /// (one look-up by key per such row; text rows need none).
    private func payloads(_ entries: [Entry]) throws -> [Entry] {
        try entries.map { entry in
            var entry = entry
            if entry.kind == .link { entry.link = try store.link(id: entry.id) }
            if entry.kind == .document { entry.file = try store.file(id: entry.id) }
            return entry
        }
    }

    private func read(_ limit: Int) throws -> [Entry] {
        guard !ended else { return [] }
        let page = try store.pickerPage(parsed, after: next, limit: limit, partial: true)
        shown += page.entries.count
        next = page.next
        ended = page.next == nil
        return page.entries
    }
}
