import CGumbo

/// One attribute of an element: its name lowercased by the parser, its value with entities decoded.
public struct HTMLAttribute: Sendable, Hashable {
    /// The attribute's name (`src`, `xlink:href`).
    public var name: String
    /// The attribute's value, entities decoded.
    public var value: String
}

/// A parsed HTML document as gumbo built it (the HTML5 tree construction rules: implied `<html>`,
/// `<head>` and `<body>`, misnested tags repaired), copied into Swift values so that it outlives
/// the parser and can be shared between threads.
///
/// The nodes live in one array and refer to each other by index: the tree can be walked without
/// recursion (a page may nest ten thousand levels deep) and edited by unlinking children.
public struct HTMLTree: Sendable {
    /// What a node is.
    public enum Kind: Sendable, Equatable {
        /// The document, always node 0.
        case document
        /// An element (`name` and `attributes` set).
        case element
        /// Text, entities decoded (`text` set).
        case text
        /// A comment (`text` set).
        case comment
    }

    /// The namespace of an element: HTML, or foreign content inside `<svg>` or `<math>`.
    public enum Namespace: Sendable, Equatable {
        case html, svg, mathml
    }

    /// One node.
    public struct Node: Sendable {
        /// What the node is.
        public var kind: Kind
        /// An element's tag name, lowercased for HTML elements.
        public var name: String
        /// An element's namespace.
        public var namespace: Namespace
        /// An element's attributes, in source order.
        public var attributes: [HTMLAttribute]
        /// A text or comment node's text.
        public var text: String
        /// The parent's index, -1 for the document.
        public var parent: Int
        /// The children's indices, in document order.
        public var children: [Int]

        /// The value of the attribute `name` (lowercase), if present.
        public func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }
    }

    /// Every node; index 0 is the document.
    public internal(set) var nodes: [Node]
    /// The doctype's name (`html`) when the page declared one.
    public internal(set) var doctype: String?

    /// Parses UTF-8 `bytes` with gumbo.
    public init(utf8 bytes: [UInt8]) {
        nodes = []
        doctype = nil
        var options = kGumboDefaultOptions
        // A terminating NUL that gumbo does not read (it gets the length) gives an empty page
        // a valid pointer too.
        let buffer = bytes + [0]
        let parsed = withUnsafePointer(to: &options) { options in
            buffer.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars -> Bool in
                    guard let base = chars.baseAddress, let output = gumbo_parse_with_options(options, base, chars.count - 1)
                    else { return false }
                    copy(from: output.pointee.document)
                    gumbo_destroy_output(options, output)
                    return true
                }
            }
        }
        if !parsed {
            nodes = [Node(kind: .document, name: "", namespace: .html, attributes: [], text: "", parent: -1, children: [])]
        }
    }

    /// Copies gumbo's tree, depth first with an explicit stack.
    private mutating func copy(from document: UnsafeMutablePointer<GumboNode>?) {
        nodes.append(Node(kind: .document, name: "", namespace: .html, attributes: [], text: "", parent: -1, children: []))
        guard let document else { return }
        let doc = document.pointee.v.document
        if doc.has_doctype, let name = doc.name { doctype = String(cString: name) }
        var stack: [(node: UnsafeMutablePointer<GumboNode>, parent: Int)] = []
        Self.push(children: doc.children, parent: 0, onto: &stack)
        while let (pointer, parent) = stack.popLast() {
            let index = nodes.count
            let node = pointer.pointee
            switch node.type {
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                let element = node.v.element
                nodes.append(Self.element(element, parent: parent))
                Self.push(children: element.children, parent: index, onto: &stack)
            case GUMBO_NODE_COMMENT:
                nodes.append(Self.leaf(.comment, node.v.text.text, parent: parent))
            case GUMBO_NODE_DOCUMENT:
                continue
            default:
                nodes.append(Self.leaf(.text, node.v.text.text, parent: parent))
            }
            nodes[parent].children.append(index)
        }
    }

    /// Pushes a vector's children in reverse, so that they pop in document order.
    private static func push(
        children: GumboVector, parent: Int, onto stack: inout [(node: UnsafeMutablePointer<GumboNode>, parent: Int)]
    ) {
        guard let data = children.data else { return }
        for offset in stride(from: Int(children.length) - 1, through: 0, by: -1) {
            if let child = data[offset]?.assumingMemoryBound(to: GumboNode.self) { stack.append((child, parent)) }
        }
    }

    private static func leaf(_ kind: Kind, _ text: UnsafePointer<CChar>?, parent: Int) -> Node {
        Node(
            kind: kind, name: "", namespace: .html, attributes: [], text: text.map { String(cString: $0) } ?? "",
            parent: parent, children: [])
    }

    private static func element(_ element: GumboElement, parent: Int) -> Node {
        var attributes: [HTMLAttribute] = []
        if let data = element.attributes.data {
            for offset in 0..<Int(element.attributes.length) {
                guard let attribute = data[offset]?.assumingMemoryBound(to: GumboAttribute.self).pointee else { continue }
                var name = attribute.name.map { String(cString: $0) } ?? ""
                switch attribute.attr_namespace {
                case GUMBO_ATTR_NAMESPACE_XLINK: name = "xlink:" + name
                case GUMBO_ATTR_NAMESPACE_XML: name = "xml:" + name
                case GUMBO_ATTR_NAMESPACE_XMLNS where name != "xmlns": name = "xmlns:" + name
                default: break
                }
                attributes.append(HTMLAttribute(name: name, value: attribute.value.map { String(cString: $0) } ?? ""))
            }
        }
        let namespace: Namespace =
            switch element.tag_namespace {
            case GUMBO_NAMESPACE_SVG: .svg
            case GUMBO_NAMESPACE_MATHML: .mathml
            default: .html
            }
        return Node(
            kind: .element, name: tagName(element, namespace: namespace), namespace: namespace, attributes: attributes,
            text: "", parent: parent, children: [])
    }

    /// The tag name: gumbo's normalized name for the tags it knows, the source's spelling for
    /// others (custom elements, SVG's camelCase names).
    private static func tagName(_ element: GumboElement, namespace: Namespace) -> String {
        if element.tag != GUMBO_TAG_UNKNOWN, namespace != .svg || element.original_tag.length == 0 {
            return String(cString: gumbo_normalized_tagname(element.tag))
        }
        var piece = element.original_tag
        gumbo_tag_from_original_text(&piece)
        guard let data = piece.data, piece.length > 0 else {
            return String(cString: gumbo_normalized_tagname(element.tag))
        }
        let bytes = UnsafeRawBufferPointer(start: data, count: piece.length)
        let name = String(decoding: bytes, as: UTF8.self).lowercased()
        if namespace == .svg, let svg = gumbo_normalize_svg_tagname(&piece) { return String(cString: svg) }
        return name
    }
}
