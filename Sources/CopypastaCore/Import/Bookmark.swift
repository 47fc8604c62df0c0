/// One bookmark as read from a browser, before it becomes a link item (`import --from
/// bookmarks|firefox|chromium`, docs/DESIGN.md "Bookmark import").
///
/// The readers keep what the browser says; `Bookmark.item` turns it into the item's parts by
/// rules shared by every format, so that the same bookmark read from an HTML export and from
/// the browser's own file lands on the same URL, title and collection (the de-duplication key).
public struct Bookmark: Sendable, Equatable {
    /// The URL as the browser stored it.
    public var url: String
    /// The title the user gave it, or the page's (may be empty).
    public var title: String
    /// The folders from the top down, the browser's root already mapped (`BookmarkRoot`).
    public var folders: [String]
    /// The browser's tags (Firefox; the TAGS attribute of an HTML export).
    public var tags: [String]
    /// When the bookmark was added, when the browser says.
    public var addedAt: Timestamp?

    /// A bookmark with the given parts.
    public init(url: String, title: String, folders: [String], tags: [String] = [], addedAt: Timestamp? = nil) {
        self.url = url
        self.title = title
        self.folders = folders
        self.tags = tags
        self.addedAt = addedAt
    }
}

/// The browsers' own top folders, and the folder each maps to.
///
/// Every browser keeps its bookmarks under fixed roots (Firefox: menu, toolbar, unfiled, mobile;
/// Chromium: bookmark_bar, other, synced; an HTML export: the top list and a folder marked
/// PERSONAL_TOOLBAR_FOLDER). The toolbar maps to `Toolbar` and the mobile root to `Mobile`;
/// the menu and "other bookmarks" roots, which an HTML export writes as its top list, map to no
/// folder, so a bookmark there has no collection.
public enum BookmarkRoot: Sendable {
    case toolbar, menu, other, mobile

    /// The folder this root becomes, or nil for the top level.
    public var folder: String? {
        switch self {
        case .toolbar: "Toolbar"
        case .mobile: "Mobile"
        case .menu, .other: nil
        }
    }
}

/// The parts of the link item a bookmark becomes.
public struct BookmarkItem: Sendable, Hashable {
    /// The URL, trimmed.
    public var url: String
    /// The title, white space folded; nil when empty.
    public var title: String?
    /// The folder path, `Recipes/Soups`; nil at the top level.
    public var collection: String?
    /// The tags: the collection's, the browser's name, the browser's tags.
    public var tags: [String]
    /// The capture time.
    public var addedAt: Timestamp?
}

extension Bookmark {
    /// The item for this bookmark, tagged with `browser`; nil when the URL is no link copypasta
    /// keeps (`javascript:`, `place:`, `data:`, `chrome:` and other internal pages).
    public func item(browser: String) -> BookmarkItem? {
        let url = Bookmark.folded(url)
        guard EntryKind.of(url) == .link else { return nil }
        let names = folders.map(Bookmark.folded).filter { !$0.isEmpty }
        let collection = Bookmark.collection(names)
        var tags = collection.map { [CollectionTag.tag($0)] } ?? []
        tags.append(browser)
        for tag in self.tags.map(Bookmark.tagName) where !tag.isEmpty {
            if !tags.contains(where: { $0.lowercased() == tag.lowercased() }) { tags.append(tag) }
        }
        let title = Bookmark.folded(self.title)
        return BookmarkItem(url: url, title: title.isEmpty ? nil : title, collection: collection, tags: tags, addedAt: addedAt)
    }

    /// The collection for `folders`: the path joined by `/`. A path longer than a tag allows keeps
    /// its deepest folders, after `…/`: those say most about the bookmark.
    static func collection(_ folders: [String]) -> String? {
        guard !folders.isEmpty else { return nil }
        let room = TagName.maximumCharacters - CollectionTag.prefix.count
        var kept = folders
        while kept.joined(separator: "/").count > room, kept.count > 1 { kept.removeFirst() }
        var path = kept.joined(separator: "/")
        if kept.count < folders.count { path = "…/" + path }
        while path.count > room { path.removeLast() }
        while path.last == " " { path.removeLast() }
        return path
    }

    /// A browser tag as a copypasta tag: one word (white space becomes `-`), at most 64 characters.
    static func tagName(_ tag: String) -> String {
        String(folded(tag).map { $0 == " " ? "-" : $0 }.prefix(TagName.maximumCharacters))
    }

    /// `text` with runs of white space and control characters as one space, and none at the ends.
    static func folded(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for character in text {
            let blank =
                character.isWhitespace || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            if blank {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(character)
            }
        }
        return out
    }

    /// A time written as a count since the Unix epoch in an unknown unit, read by its magnitude:
    /// the Netscape format says seconds, but some exporters write milli-, micro- or nanoseconds.
    public static func epochTime(_ count: Int64) -> Timestamp? {
        guard count > 0 else { return nil }
        let microseconds: Int64
        switch count {
        case ..<100_000_000_000: microseconds = count * 1_000_000
        case ..<100_000_000_000_000: microseconds = count * 1000
        case ..<100_000_000_000_000_000: microseconds = count
        default: microseconds = count / 1000
        }
        return Timestamp(microseconds: microseconds)
    }
}
