/// The readable article of a page: what `reader.html` shows and search indexes.
public struct ReadableArticle: Sendable, Equatable {
    /// The article's title (the page's metadata title, else its first heading).
    public var title: String?
    /// Who wrote it.
    public var byline: String?
    /// When it was published, as the page wrote it.
    public var published: String?
    /// The article as clean HTML: only the tags and attributes of `ArticleCleaner.allowed`,
    /// links and images absolute (http, https, and links to `mailto:`).
    public var html: String
    /// The article as plain text, paragraphs separated by blank lines.
    public var text: String

    /// An article with every field given.
    public init(title: String?, byline: String?, published: String?, html: String, text: String) {
        self.title = title
        self.byline = byline
        self.published = published
        self.html = html
        self.text = text
    }
}

extension HTMLPage {
    /// The readable article (`Readability`), nil when the page has no paragraph of text to
    /// find one in.
    public func readable() -> ReadableArticle? {
        var readability = Readability(tree: tree)
        guard let root = readability.extract() else { return nil }
        var cleaner = ArticleCleaner(tree: readability.tree, baseURL: baseURL)
        cleaner.clean(root)
        let text = cleaner.tree.plainText(of: root)
        guard !text.isEmpty else { return nil }
        let html = cleaner.tree.nodes[root].children.map { cleaner.tree.serialized($0) }.joined()
        let heading = cleaner.tree.elements(named: "h1", under: root).first.map {
            cleaner.tree.textContent(of: $0).collapsingWhitespace
        }
        return ReadableArticle(
            title: metadata.title ?? heading, byline: metadata.author, published: metadata.published, html: html,
            text: text)
    }
}

extension HTMLTree {
    /// Elements that start a new paragraph in plain text.
    static let paragraphElements: Set<String> = [
        "p", "div", "section", "article", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote", "pre", "table", "tr",
        "ul", "ol", "dl", "dt", "dd", "figure", "figcaption", "hr", "main",
    ]

    /// The text below `root` as paragraphs separated by blank lines: whitespace collapsed inside
    /// a paragraph (kept inside `<pre>`), `<br>` a line break.
    func plainText(of root: Int) -> String {
        var paragraphs: [String] = []
        var current = ""
        func flush() {
            let lines = current.split(separator: "\n", omittingEmptySubsequences: false).map {
                String($0).collapsingWhitespace
            }
            let paragraph = lines.filter { !$0.isEmpty }.joined(separator: "\n")
            if !paragraph.isEmpty { paragraphs.append(paragraph) }
            current = ""
        }
        var stack: [(index: Int, closing: Bool)] = [(root, false)]
        while let (index, closing) = stack.popLast() {
            let node = nodes[index]
            if node.kind == .element, Self.paragraphElements.contains(node.name) { flush() }
            if closing { continue }
            switch node.kind {
            case .text:
                current += ancestor(of: index, named: ["pre"]) == nil ? node.text : node.text.replacing(" ", with: "\u{E000}")
            case .element:
                if node.name == "br" { current += "\n" }
                if node.name == "img", let alt = node.attribute("alt"), alt.isEmpty { break }
                stack.append((index, true))
                stack.append(contentsOf: node.children.reversed().map { ($0, false) })
            default: break
            }
        }
        flush()
        return paragraphs.joined(separator: "\n\n").replacing("\u{E000}", with: " ")
    }
}
