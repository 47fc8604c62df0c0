import CopypastaCore

/// The picker's list state: the loaded pages of the current query, the selection, the scroll
/// position and the marked entries. Pure, so that paging and selection are tested without a window.
///
/// Pages come from `fetch(query, offset, limit)` (the store's listing or search, newest first);
/// the next page is fetched only when the selection nears the end of the loaded rows, so the
/// picker never reads the whole history. A page may come back short with more to follow (a
/// phrase's hits rare among the newest entries): the list then wants more (`wantsMore`), which
/// the window loads between keystrokes.
public struct PickerList {
    /// Reads one page of entries for a query, and whether more may follow.
    public typealias Fetch = (_ query: String, _ offset: Int, _ limit: Int) throws -> (entries: [Entry], more: Bool)

    /// The entries of one page.
    public let pageSize: Int
    /// The rows visible at once.
    public let visibleRows: Int
    /// The current query, in `search` syntax.
    public private(set) var query = ""
    /// The rows loaded so far, newest first.
    public private(set) var entries: [Entry] = []
    /// Whether the last page said nothing follows it.
    public private(set) var exhausted = false
    /// The selected row.
    public private(set) var selected = 0
    /// The first visible row.
    public private(set) var top = 0
    /// The ids marked for a multi-selection, in the order chosen.
    public private(set) var marked: [Int64] = []
    /// The last query problem (a bad quote while typing), shown instead of failing.
    public private(set) var problem: String?
    private let fetch: Fetch

    /// A list that reads pages with `fetch`.
    public init(pageSize: Int = 100, visibleRows: Int, fetch: @escaping Fetch) {
        self.pageSize = max(pageSize, visibleRows + 1)
        self.visibleRows = visibleRows
        self.fetch = fetch
    }

    /// The selected entry, if any.
    public var current: Entry? { entries.indices.contains(selected) ? entries[selected] : nil }

    /// Runs `query` from its first page; the selection goes to the top. A query that does not
    /// parse keeps the previous rows and records the problem.
    public mutating func search(_ query: String) {
        self.query = query
        do {
            let page = try fetch(query, 0, pageSize)
            entries = page.entries
            exhausted = !page.more
            problem = nil
        } catch {
            problem = "\(error)"
            return
        }
        selected = 0
        top = 0
    }

    /// Reads the first page again (after a change to the store), keeping the selection where it can.
    public mutating func refresh() {
        let keep = selected, loaded = max(entries.count, pageSize)
        do {
            let page = try fetch(query, 0, loaded)
            entries = page.entries
            exhausted = !page.more
        } catch {
            problem = "\(error)"
        }
        select(min(keep, max(entries.count - 1, 0)))
    }

    /// Moves the selection by `delta` rows (clamped), loading the next page when it nears the end.
    public mutating func move(by delta: Int) {
        select(selected + delta)
    }

    /// Selects row `index` (clamped), scrolling it into view and loading more when near the end.
    public mutating func select(_ index: Int) {
        selected = max(0, min(index, entries.count - 1))
        if selected < top { top = selected }
        if selected >= top + visibleRows { top = selected - visibleRows + 1 }
        loadMoreIfNeeded()
        selected = max(0, min(selected, entries.count - 1))
    }

    /// Scrolls the view by `delta` rows without moving past the loaded rows; the selection stays visible.
    public mutating func scroll(by delta: Int) {
        top = max(0, min(top + delta, max(entries.count - visibleRows, 0)))
        if selected < top { selected = top }
        if selected >= top + visibleRows { selected = top + visibleRows - 1 }
        loadMoreIfNeeded()
    }

    /// Marks or unmarks the selected entry for a multi-selection.
    public mutating func toggleMark() {
        guard let id = current?.id else { return }
        if let index = marked.firstIndex(of: id) { marked.remove(at: index) } else { marked.append(id) }
    }

    /// Whether more rows should be loaded: the selection or the view is within a screenful of
    /// the end of the loaded rows and more may follow.
    public var wantsMore: Bool { !exhausted && max(selected, top + visibleRows) + visibleRows >= entries.count }

    /// Fetches the next page when the list wants more (`wantsMore`).
    public mutating func loadMoreIfNeeded() {
        guard wantsMore else { return }
        do {
            let page = try fetch(query, entries.count, pageSize)
            let known = Set(entries.map(\.id))
            entries += page.entries.filter { !known.contains($0.id) }
            exhausted = !page.more
        } catch {
            problem = "\(error)"
            exhausted = true
        }
    }
}
