/// Cleans the article `Readability` found, in place: drops the containers that are not text
/// (link lists, share bars, empty boxes), then keeps only safe tags and attributes, so that
/// `reader.html` holds no script, style, form or tracking attribute whatever the page had.
struct ArticleCleaner {
    private(set) var tree: HTMLTree
    private let baseURL: String

    /// Tags kept, with the attributes each may keep.
    static let allowed: [String: Set<String>] = [
        "p": [], "br": [], "hr": [], "h1": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [], "ul": [], "ol": ["start"],
        "li": [], "dl": [], "dt": [], "dd": [], "blockquote": [], "pre": [], "code": [], "em": [], "i": [], "strong": [],
        "b": [], "u": [], "s": [], "sub": [], "sup": [], "small": [], "mark": [], "q": [], "cite": [], "abbr": ["title"],
        "time": ["datetime"], "a": ["href"], "img": ["src", "alt", "width", "height"], "figure": [], "figcaption": [],
        "table": [], "thead": [], "tbody": [], "tfoot": [], "tr": [], "td": ["colspan", "rowspan"],
        "th": ["colspan", "rowspan"], "caption": [], "div": [], "section": [], "kbd": [], "var": [], "samp": [],
        "del": [], "ins": [],
    ]

    init(tree: HTMLTree, baseURL: String) {
        self.tree = tree
        self.baseURL = baseURL
    }

    /// Cleans what is below `root`.
    mutating func clean(_ root: Int) {
        for index in tree.descendants(of: root).reversed() where index != root && tree.nodes[index].kind == .element {
            if isClutter(index) { tree.unlink(index) }
        }
        for index in tree.descendants(of: root).reversed() where index != root {
            sanitize(index)
        }
    }

    /// Whether a container or heading is not part of the text: a negative class, mostly links,
    /// or nothing in it.
    private func isClutter(_ index: Int) -> Bool {
        let node = tree.nodes[index]
        let name = node.name
        let weight = tree.classWeight(index)
        if ["h1", "h2", "h3", "h4", "h5", "h6"].contains(name) {
            return weight < 0 || tree.linkDensity(index) > 0.33
        }
        guard ["div", "section", "ul", "ol", "table", "figure", "p"].contains(name) else { return false }
        let text = tree.textContent(of: index).collapsingWhitespace
        let images = tree.elements(named: "img", under: index).count
        if text.count < 25 && images == 0 { return name != "p" || text.isEmpty }
        if weight < 0 { return true }
        if text.filter({ $0 == "," }).count >= 10 { return false }
        let density = tree.linkDensity(index)
        if weight < 25 && density > 0.2 && name != "p" { return true }
        if density > 0.5 { return true }
        let paragraphs = tree.elements(named: "p", under: index).count
        let items = tree.elements(named: "li", under: index).count
        return name != "ul" && name != "ol" && items > paragraphs * 2 + 2 && text.count < 200
    }

    /// Keeps an allowed element with its allowed attributes (URLs absolute), unwraps any other
    /// (its text stays), drops comments.
    private mutating func sanitize(_ index: Int) {
        let node = tree.nodes[index]
        switch node.kind {
        case .comment: tree.unlink(index)
        case .element:
            guard node.namespace == .html, let permitted = Self.allowed[node.name] else {
                tree.unwrap(index)
                return
            }
            var attributes: [HTMLAttribute] = []
            if node.name == "img" { promoteLazySource(index) }
            for attribute in tree.nodes[index].attributes where permitted.contains(attribute.name) {
                guard attribute.name == "href" || attribute.name == "src" else {
                    attributes.append(attribute)
                    continue
                }
                guard let url = resolve(attribute.value, against: baseURL),
                    url.hasPrefix("http://") || url.hasPrefix("https://")
                        || (attribute.name == "href" && url.hasPrefix("mailto:"))
                else { continue }
                attributes.append(HTMLAttribute(name: attribute.name, value: url))
            }
            if node.name == "img", !attributes.contains(where: { $0.name == "src" }) {
                tree.unlink(index)
                return
            }
            tree.nodes[index].attributes = attributes
        default: break
        }
    }

    /// A lazily loaded image keeps its real address in `data-src` (or the first candidate of
    /// `data-srcset`, `srcset`) and a placeholder in `src`; without scripts, the real one is
    /// what should show.
    private mutating func promoteLazySource(_ index: Int) {
        let node = tree.nodes[index]
        let source = node.attribute("src") ?? ""
        guard source.isEmpty || source.hasPrefix("data:") else { return }
        let lazy =
            node.attribute("data-src") ?? node.attribute("data-original") ?? node.attribute("data-lazy-src")
            ?? (node.attribute("data-srcset") ?? node.attribute("srcset")).flatMap { Srcset.parse($0).last?.url }
        guard let lazy else { return }
        tree.nodes[index].attributes.removeAll { $0.name == "src" }
        tree.nodes[index].attributes.append(HTMLAttribute(name: "src", value: lazy))
    }
}
