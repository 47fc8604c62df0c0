import FoundationEssentials

/// The `Bookmarks` file of Chromium, Chrome, Brave, Vivaldi and Edge (`import --from chromium`).
///
/// A JSON object whose `roots` hold `bookmark_bar`, `other` and `synced`, each a folder node;
/// nodes are `{"type": "url"|"folder", "name", "url", "date_added", "children"}`. `date_added`
/// is a string of microseconds since 1601-01-01 UTC (WebKit time). The browser rewrites the file
/// atomically, so reading it while the browser runs is safe; the checksum is not checked.
public enum ChromiumBookmarks {
    /// Microseconds from 1601-01-01 to 1970-01-01.
    static let epochOffset: Int64 = 11_644_473_600_000_000

    /// The bookmarks of the file `bytes`, in the browser's order (roots: bar, other, synced).
    public static func bookmarks(_ bytes: [UInt8]) throws(CoreError) -> [Bookmark] {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: Data(bytes))
        } catch {
            throw .data("this is not a Chromium Bookmarks file (its JSON does not have the roots of one)")
        }
        var out: [Bookmark] = []
        let roots: [(Node?, BookmarkRoot)] = [
            (file.roots.bookmarkBar, .toolbar), (file.roots.other, .other), (file.roots.synced, .mobile),
        ]
        for (node, root) in roots {
            guard let node else { continue }
            collect(node.children ?? [], folders: root.folder.map { [$0] } ?? [], into: &out)
        }
        return out
    }

    /// Appends the bookmarks under `nodes`, in folder `folders`, to `out`.
    private static func collect(_ nodes: [Node], folders: [String], into out: inout [Bookmark]) {
        for node in nodes {
            if let children = node.children, node.type != "url" {
                collect(children, folders: folders + [node.name ?? ""], into: &out)
            } else if node.type == "url", let url = node.url {
                out.append(Bookmark(url: url, title: node.name ?? "", folders: folders, addedAt: time(node.dateAdded)))
            }
        }
    }

    /// WebKit microseconds (a decimal string) as a Unix time; nil for 0, garbage or overflow.
    static func time(_ text: String?) -> Timestamp? {
        guard let text, let count = Int64(text), count > epochOffset else { return nil }
        return Timestamp(microseconds: count - epochOffset)
    }

    private struct File: Decodable {
        var roots: Roots
    }

    private struct Roots: Decodable {
        var bookmarkBar: Node?
        var other: Node?
        var synced: Node?

        enum CodingKeys: String, CodingKey {
            case bookmarkBar = "bookmark_bar"
            case other, synced
        }
    }

    private struct Node: Decodable {
        var type: String?
        var name: String?
        var url: String?
        var dateAdded: String?
        var children: [Node]?

        enum CodingKeys: String, CodingKey {
            case type, name, url, children
            case dateAdded = "date_added"
        }
    }
}
