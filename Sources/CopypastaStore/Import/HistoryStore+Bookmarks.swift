import CopypastaCore

/// What a bookmark import did.
public struct BookmarkImportSummary: Sendable, Equatable {
    /// Link items added.
    public var imported = 0
    /// Bookmarks skipped because the library or the file already had the same URL, title and folder.
    public var duplicates = 0
}

extension HistoryStore {
    /// The de-duplication key of a bookmark: URL, title and folder, the folder without regard to
    /// case (collections are tags).
    private struct BookmarkKey: Hashable {
        var url: String
        var title: String
        var collection: String
    }

    /// Stores `items` as link items with source `bookmarks`, all in one transaction: an error
    /// stores none of them (docs/DESIGN.md "Bookmark import").
    ///
    /// A bookmark whose URL, title and collection a link item already has (in the history or the
    /// trash), or an earlier bookmark of the same run, is skipped. The items go below the history,
    /// the most recently added bookmark first, each captured when it was added (`now` when the
    /// browser does not say). `archive` queues their archives (`pending`). They are library items,
    /// so max-entries never trims them (`libraryItem`).
    public func importBookmarks(_ items: [BookmarkItem], archive: Bool, now: Timestamp) throws
        -> BookmarkImportSummary
    {
        try writingRethrowing {
            var known = try bookmarkKeys()
            var summary = BookmarkImportSummary()
            var fresh: [BookmarkItem] = []
            for item in items {
                let key = BookmarkKey(url: item.url, title: item.title ?? "", collection: item.collection?.lowercased() ?? "")
                guard known.insert(key).inserted else {
                    summary.duplicates += 1
                    continue
                }
                fresh.append(item)
            }
            // Each goes below the one before: the newest bookmark ends up highest.
            for item in fresh.sorted(by: { ($0.addedAt ?? now) > ($1.addedAt ?? now) }) {
                try insertBookmark(item, archive: archive, now: now)
            }
            summary.imported = fresh.count
            return summary
        }
    }

    private func insertBookmark(_ item: BookmarkItem, archive: Bool, now: Timestamp) throws(StoreError) {
        for tag in item.tags { try Self.validate(tag: tag) }
        var new = NewEntry(
            text: item.url, fingerprint: Fingerprint(of: item.url), source: .bookmarks, sourceApp: nil,
            capturedAt: item.addedAt ?? now)
        new.kind = .link
        let id = try insert(new, seq: try seqBelowAll())
        try setLinkInTransaction(id: id, url: item.url, title: item.title, archive: archive)
        try tag(id: id, item.tags)
    }

    /// The keys of every link item, one per collection it is in (or one without a collection).
    private func bookmarkKeys() throws(StoreError) -> Set<BookmarkKey> {
        try database.with(
            """
            SELECT l.url AS url, coalesce(l.title, '') AS title,
                (SELECT group_concat(t.name, char(10)) FROM entry_tag et JOIN tag t ON t.id = et.tag_id
                 WHERE et.entry_id = l.entry_id AND t.name LIKE 'collection:%') AS collections
            FROM entry_link l
            """, []
        ) { row throws(StoreError) in
            var keys: Set<BookmarkKey> = []
            while try row.step() {
                let url = row.text(0) ?? "", title = row.text(1) ?? ""
                let collections = (row.text(2) ?? "").split(separator: "\n").compactMap {
                    CollectionTag.name(ofTag: String($0))?.lowercased()
                }
                for collection in collections.isEmpty ? [""] : collections {
                    keys.insert(BookmarkKey(url: url, title: title, collection: collection))
                }
            }
            return keys
        }
    }
}
