import CGumbo
import CopypastaCore

/// The Netscape bookmark file: the HTML that Firefox, Chromium, Chrome, Edge and Safari export
/// (`import --from bookmarks`, docs/DESIGN.md "Bookmark import").
///
/// The layout is tag soup: `<DL><p>` lists of `<DT>` items that are never closed; a folder is
/// `<DT><H3>Name</H3><DL>…</DL>`, a bookmark `<DT><A HREF ADD_DATE TAGS>Title</A>`, maybe
/// followed by `<DD>` and a description, which becomes the bookmark's `note` (a folder's
/// description is dropped, and the `<DL>` the HTML5 rules put inside it stays the folder's). It is parsed with gumbo, a complete HTML5 parser:
/// the HTML5 rules close each `<DT>` at the next one and keep a folder's `<H3>` and its `<DL>`
/// siblings inside the same `<DT>`, and decode the entities in titles. A list's folder is the
/// `<H3>` before it under the same parent. An `<H3>` marked PERSONAL_TOOLBAR_FOLDER is the
/// browser's toolbar (`BookmarkRoot.toolbar`), one marked UNFILED_BOOKMARKS_FOLDER (Firefox's
/// "Other Bookmarks") the top level. ADD_DATE is read by its magnitude (`Bookmark.epochTime`).
/// The exports are UTF-8; gumbo replaces bytes that are not with U+FFFD.
public enum NetscapeBookmarks {
    /// The bookmarks in `bytes`, in file order; a file without any `<DL>` list is not a
    /// bookmark file (a data error).
    public static func bookmarks(_ bytes: [UInt8]) throws(CoreError) -> [Bookmark] {
        let output: UnsafeMutablePointer<GumboOutput>? = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let base = chars.baseAddress else { return nil }
                return withUnsafePointer(to: kGumboDefaultOptions) { gumbo_parse_with_options($0, base, chars.count) }
            }
        }
        guard let output else { throw .data("this is not a bookmark file: it is empty") }
        defer { withUnsafePointer(to: kGumboDefaultOptions) { gumbo_destroy_output($0, output) } }
        let root = output.pointee.root
        var lists = 0
        var out: [Bookmark] = []
        var notes: [UnsafeMutablePointer<GumboNode>: String] = [:]
        // An explicit stack: a file may nest its lists deeper than the thread's stack would allow.
        var stack: [(node: UnsafeMutablePointer<GumboNode>, folders: [String])] = root.map { [($0, [])] } ?? []
        while let (node, folders) = stack.popLast() {
            guard node.pointee.type == GUMBO_NODE_ELEMENT else { continue }
            let element = node.pointee.v.element
            if element.tag == GUMBO_TAG_DL { lists += 1 }
            if element.tag == GUMBO_TAG_A {
                if let mark = bookmark(element, node: node, folders: folders, note: notes[node] ?? "") { out.append(mark) }
                continue
            }
            var children: [(UnsafeMutablePointer<GumboNode>, [String])] = []
            var heading: [String]?
            var item: UnsafeMutablePointer<GumboNode>?
            for child in nodes(element.children) where child.pointee.type == GUMBO_NODE_ELEMENT {
                switch child.pointee.v.element.tag {
                case GUMBO_TAG_H3: heading = folder(child, inside: folders)
                case GUMBO_TAG_DL:
                    children.append((child, heading ?? folders))
                    heading = nil
                case GUMBO_TAG_DD:
                    // A `<DD>` closes the `<DT>` before it, so a description is that item's next
                    // sibling; a folder's `<DD>` also swallows the folder's `<DL>`.
                    let under = item.flatMap { lastChild($0, GUMBO_TAG_H3) }.map { folder($0, inside: folders) }
                    if let link = item.flatMap({ lastChild($0, GUMBO_TAG_A) }) {
                        notes[link] = text(child, skipping: GUMBO_TAG_DL)
                    }
                    children.append((child, under ?? folders))
                default: children.append((child, folders))
                }
                item = child.pointee.v.element.tag == GUMBO_TAG_DT ? child : nil
            }
            stack += children.reversed()
        }
        guard lists > 0 else { throw .data("this is not a bookmark file: it has no <DL> list of bookmarks") }
        return out
    }

    /// The folder path an `<H3>` opens inside `folders`.
    private static func folder(_ node: UnsafeMutablePointer<GumboNode>, inside folders: [String]) -> [String] {
        let attributes = node.pointee.v.element.attributes
        if attribute(attributes, "personal_toolbar_folder")?.lowercased() == "true", let name = BookmarkRoot.toolbar.folder {
            return folders + [name]
        }
        if attribute(attributes, "unfiled_bookmarks_folder")?.lowercased() == "true" { return folders }
        return folders + [text(node)]
    }

    private static func bookmark(
        _ element: GumboElement, node: UnsafeMutablePointer<GumboNode>, folders: [String], note: String
    ) -> Bookmark? {
        guard let url = attribute(element.attributes, "href") else { return nil }
        let tags = attribute(element.attributes, "tags")?.split(separator: ",").map(String.init) ?? []
        let added = attribute(element.attributes, "add_date").flatMap { Int64($0) }.flatMap(Bookmark.epochTime)
        return Bookmark(url: url, title: text(node), folders: folders, tags: tags, addedAt: added, note: note)
    }

    /// The last element child of `node` with tag `tag`, if it is its last element child.
    private static func lastChild(_ node: UnsafeMutablePointer<GumboNode>, _ tag: GumboTag)
        -> UnsafeMutablePointer<GumboNode>?
    {
        let last = nodes(node.pointee.v.element.children).last { $0.pointee.type == GUMBO_NODE_ELEMENT }
        return last.flatMap { $0.pointee.v.element.tag == tag ? $0 : nil }
    }

    /// The value of attribute `name` (gumbo lowercases attribute names).
    private static func attribute(_ attributes: GumboVector, _ name: String) -> String? {
        withUnsafePointer(to: attributes) { vector in
            gumbo_get_attribute(vector, name).flatMap { $0.pointee.value.map { String(cString: $0) } }
        }
    }

    /// The text inside `node`, entities decoded, its descendants' text in order, leaving out the
    /// elements with tag `skipping` (a description's nested list).
    private static func text(_ node: UnsafeMutablePointer<GumboNode>, skipping: GumboTag? = nil) -> String {
        var out = ""
        var stack = [node]
        while let next = stack.popLast() {
            switch next.pointee.type {
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                if let text = next.pointee.v.text.text { out += String(cString: text) }
            case GUMBO_NODE_ELEMENT where next.pointee.v.element.tag != skipping:
                stack += nodes(next.pointee.v.element.children).reversed()
            default: break
            }
        }
        return out
    }

    /// The nodes of a gumbo vector of nodes.
    private static func nodes(_ vector: GumboVector) -> [UnsafeMutablePointer<GumboNode>] {
        guard let data = vector.data else { return [] }
        return (0..<Int(vector.length)).compactMap { data[$0]?.assumingMemoryBound(to: GumboNode.self) }
    }
}
