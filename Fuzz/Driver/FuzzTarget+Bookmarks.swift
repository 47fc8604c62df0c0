import CopypastaBookmarks
import CopypastaCore

/// The bookmark targets: the two bookmark files a user hands to `import`, and `add --comment`.
extension FuzzTarget {
    /// The input as a Netscape bookmark file; every bookmark read must make a valid item or none.
    static func bookmarks(_ bytes: [UInt8]) {
        guard let marks = try? NetscapeBookmarks.bookmarks(bytes) else { return }
        checkItems(marks)
    }

    /// The input as Chromium's Bookmarks JSON.
    static func chromium(_ bytes: [UInt8]) {
        guard let marks = try? ChromiumBookmarks.bookmarks(bytes) else { return }
        checkItems(marks)
    }

    /// The input as an `add --comment` line: the text is never empty and no tag is.
    static func comment(_ bytes: [UInt8]) {
        let comment = ShareComment.parse(String(decoding: bytes, as: UTF8.self))
        precondition(comment.text.map { !$0.isEmpty } ?? true, "a comment gave an empty text")
        precondition(!comment.tags.contains { $0.isEmpty || $0.hasPrefix("#") }, "a comment gave an empty or # tag")
    }

    /// Each bookmark's item, when it has one, carries tags the store accepts.
    private static func checkItems(_ marks: [Bookmark]) {
        for mark in marks {
            guard let item = mark.item(browser: "fuzz") else { continue }
            precondition(item.tags.allSatisfy { TagName.problem($0) == nil }, "a bookmark gave a tag the store refuses")
        }
    }
}
