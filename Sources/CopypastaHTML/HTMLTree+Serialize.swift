extension HTMLTree {
    /// Elements that never have content or an end tag.
    static let voidElements: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
        "meta", "param", "source", "track", "wbr",
    ]

    /// Elements whose text is not escaped (the parser reads it raw).
    static let rawTextElements: Set<String> = [
        "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext",
    ]

    /// The HTML of the node `root` and what is below it, by the HTML standard's serialization
    /// algorithm: void elements without end tags, raw-text elements unescaped, `&`, `<`, `>`
    /// and no-break spaces escaped in text, `&`, `"` and no-break spaces in attribute values.
    /// The document node gives the whole page with its doctype. Iterative, so depth costs no
    /// stack.
    public func serialized(_ root: Int = 0) -> String {
        var out = ""
        if root == 0, let doctype { out += "<!DOCTYPE \(doctype)>" }
        var stack: [(index: Int, closing: Bool)] = [(root, false)]
        if root == 0 { stack = nodes[0].children.reversed().map { ($0, false) } }
        while let (index, closing) = stack.popLast() {
            let node = nodes[index]
            if closing {
                out += "</\(node.name)>"
                continue
            }
            switch node.kind {
            case .document: stack.append(contentsOf: node.children.reversed().map { ($0, false) })
            case .text:
                let parent = nodes[node.parent]
                let raw = parent.kind == .element && parent.namespace == .html && Self.rawTextElements.contains(parent.name)
                out += raw ? node.text : Self.escapeText(node.text)
            case .comment: out += "<!--\(node.text)-->"
            case .element:
                out += "<" + node.name
                for attribute in node.attributes {
                    out += " \(attribute.name)=\"\(Self.escapeAttribute(attribute.value))\""
                }
                out += ">"
                if node.namespace == .html, Self.voidElements.contains(node.name) { continue }
                if ["pre", "textarea", "listing"].contains(node.name), let first = node.children.first,
                    nodes[first].kind == .text, nodes[first].text.hasPrefix("\n")
                {
                    out += "\n"
                }
                stack.append((index, true))
                stack.append(contentsOf: node.children.reversed().map { ($0, false) })
            }
        }
        return out
    }

    /// What text and attribute values escape, made once: escaping runs for every text node of a page.
    private static let textEscapes: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\u{A0}": "&nbsp;"]
    private static let attributeEscapes: [Unicode.Scalar: String] = ["&": "&amp;", "\"": "&quot;", "\u{A0}": "&nbsp;"]

    static func escapeText(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\u{A0}" }) else {
            return text
        }
        return replacing(text, textEscapes)
    }

    static func escapeAttribute(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "&" || $0 == "\"" || $0 == "\u{A0}" }) else { return text }
        return replacing(text, attributeEscapes)
    }

    /// `text` with each scalar that `replacements` names written as its replacement: the one loop
    /// behind the escapes of HTML text, attributes and CSS strings.
    static func replacing(_ text: String, _ replacements: [Unicode.Scalar: String]) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let replacement = replacements[scalar] {
                out += replacement
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Removes `index` from its parent's children (the node stays in `nodes`, unreachable).
    mutating func unlink(_ index: Int) {
        let parent = nodes[index].parent
        guard parent >= 0 else { return }
        nodes[parent].children.removeAll { $0 == index }
        nodes[index].parent = -1
    }

    /// Replaces `index` in its parent by its own children.
    mutating func unwrap(_ index: Int) {
        let parent = nodes[index].parent
        guard parent >= 0, let position = nodes[parent].children.firstIndex(of: index) else { return }
        let children = nodes[index].children
        for child in children { nodes[child].parent = parent }
        nodes[parent].children.replaceSubrange(position...position, with: children)
        nodes[index].children = []
        nodes[index].parent = -1
    }

    /// Appends a new element or text node under `parent` at `position` (the end when nil) and
    /// returns its index.
    @discardableResult
    mutating func insert(_ node: Node, under parent: Int, at position: Int? = nil) -> Int {
        var node = node
        node.parent = parent
        let index = nodes.count
        nodes.append(node)
        if let position {
            nodes[parent].children.insert(index, at: min(position, nodes[parent].children.count))
        } else {
            nodes[parent].children.append(index)
        }
        return index
    }
}
