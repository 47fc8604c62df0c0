import CopypastaCore

/// Where the next page of a picker's list starts: after the last row of the page before.
public struct PickerCursor: Sendable, Equatable {
    /// The position (`seq`) of the last history row shown; the next page is below it.
    let below: Int64?
    /// How many history rows were shown, for an order that has no keyset (`EntrySort`).
    let shown: Int
    /// How many library hits (`EntrySelection.bodyHits`) were shown; nil while the history's
    /// own hits are still being paged.
    var library: Int? = nil
}

/// One page of a picker's list.
public struct PickerPage: Sendable {
    /// The rows, in the list's order, with the fields a row and its preview show (no text
    /// unless asked for; `HistoryStore.entry(id:)` reads it for the preview pane).
    public var entries: [Entry]
    /// Where the next page starts, nil when this page ends the list. A page may end short of
    /// its limit with a next page all the same (`pickerPage`'s `partial`).
    public var next: PickerCursor?
}

extension HistoryStore {
    /// One page of the list a picker shows for `query` (the syntax of `search`: words, phrases,
    /// prefixes and filters; an empty query lists the history), `limit` rows after `after` (nil:
    /// the first page).
    ///
    /// When the query has words, the first page starts with the snippets whose title or text
    /// they match as `find` ranks them (snippets are few, so all of them are scored). Then come
    /// the entries holding every term, newest first (the history's order) or in `sort`, read
    /// page by page: the next page starts below the last row shown (a keyset on `seq`), so a
    /// page costs the same deep in the list as at its top, and the hits of a common word are
    /// not all read to show fifty. `pick` and the picker window share this list.
    ///
    /// With `partial`, a phrase or several words whose hits are rare among the newest entries
    /// do not read the rest of the history for this page: the page holds what the first walk
    /// found (`HistoryStore.firstWalk`), and its `next` goes on below. A picker window asks so, to paint at once and fill the list between keystrokes
    /// (docs/DESIGN.md §7).
    public func pickerPage(
        _ query: SearchQuery, sort: EntrySort? = nil, after: PickerCursor? = nil, limit: Int, withText: Bool = false,
        partial: Bool = false
    ) throws(StoreError) -> PickerPage {
        try withRegexes(query.patterns, ignoreCase: query.patternsIgnoreCase) { () throws(StoreError) in
            try page(query, sort: sort, after: after, limit: limit, withText: withText, partial: partial)
        }
    }

    private func page(
        _ query: SearchQuery, sort: EntrySort?, after: PickerCursor?, limit: Int, withText: Bool, partial: Bool
    ) throws(StoreError) -> PickerPage {
        guard limit > 0 else { return PickerPage(entries: [], next: nil) }
        let text = query.hasTerms ? query.findText : ""
        var entries: [Entry] = []
        if after == nil, !text.isEmpty {
            let scored = try scoredSnippets(FoldedText(text), filters: query, withText: withText)
            entries = scored.sorted { $0.score != $1.score ? $0.score > $1.score : FuzzyRank.precedes($0.entry, $1.entry) }
                .map(\.entry)
        }
        var selection = EntrySelection(query, order: .recent)
        if !text.isEmpty {
            guard !query.snippetsOnly else { return PickerPage(entries: entries, next: nil) }
            selection.require("e.title IS NULL")
        }
        var last: Int64?
        var read = 0
        let wanted = max(limit - entries.count, 1)
        if after?.library != nil {
            // The history's own hits were all shown: only library hits remain.
        } else if let sort {
            // An order other than the history's own pages by offset.
            let sql = selection.sortedPage(sort, withText: withText)
            let values = (selection.match.map { [$0] } ?? []) + selection.values + [wanted, after?.shown ?? 0]
            try database.with(sql, values) { row throws(StoreError) in
                let columns = try EntryColumns(row, withText: withText, payloads: payloads)
                while try row.step() {
                    entries.append(columns.entry(row))
                    read += 1
                }
            }
        } else {
            let stopped = try searchRecent(
                selection, below: after?.below, limit: wanted, offset: 0, withText: withText, partial: partial
            ) { entry, seq in
                entries.append(entry)
                last = seq
                read += 1
            }
            if let stopped {
                return PickerPage(entries: entries, next: PickerCursor(below: stopped, shown: (after?.shown ?? 0) + read))
            }
        }
        if read < wanted, let match = selection.match {
            let found = try libraryHits(selection, match, offset: after?.library ?? 0, limit: wanted - read, withText: withText)
            entries += found
            let next =
                found.count < wanted - read
                ? nil : PickerCursor(below: nil, shown: 0, library: (after?.library ?? 0) + found.count)
            return PickerPage(entries: entries, next: next)
        }
        let next = read < wanted ? nil : PickerCursor(below: last, shown: (after?.shown ?? 0) + read)
        return PickerPage(entries: entries, next: next)
    }

    /// The entries found only by their library texts (an article, a document's text, a summary),
    /// after the history's own hits as `search` shows them; nothing when the library holds no texts.
    private func libraryHits(
        _ selection: EntrySelection, _ match: String, offset: Int, limit: Int, withText: Bool
    ) throws(StoreError) -> [Entry] {
        guard try database.scalarInt("SELECT 1 FROM entry_body LIMIT 1") != nil else { return [] }
        var found: [Entry] = []
        let values: [(any SQLValue)?] = [match] + selection.values + [match, limit, offset]
        try read(selection.bodyHits(withText: withText), values, withText: withText) { entry, _ in found.append(entry) }
        return found
    }
}
