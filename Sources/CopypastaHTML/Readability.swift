/// The Arc90 readability scorer (the algorithm Mozilla's Readability.js and readability-lxml
/// share), over a copy of a page's tree: find the element that holds the article's paragraphs,
/// keep it and the siblings that look like more of the same.
///
/// 1. Drop what is never the article: scripts, styles, navigation, asides, footers, forms,
///    headers, and elements whose class or id says comment, sidebar, ad, share, footer…
///    (`unlikely`) unless it also says article, content, main, body (`maybe`).
/// 2. A `<div>` with no block inside is a paragraph.
/// 3. Each paragraph (`p`, `pre`, `td`) of 25 characters or more gives its parent
///    1 + its commas + one per 100 characters (at most 3), and half that to its grandparent; a
///    candidate starts from its tag (div +5, lists −3, headings −5) and its class and id
///    (±25 each, `positive`/`negative`).
/// 4. Each score is multiplied by 1 − the share of its text inside links; the best wins.
/// 5. Its siblings join when they score at least a fifth of the winner (10 at least), or are
///    paragraphs of text with few links.
struct Readability {
    private(set) var tree: HTMLTree
    private var scores: [Int: Double] = [:]

    static let unlikely = [
        "combx", "comment", "community", "disqus", "extra", "foot", "header", "menu", "remark", "rss", "shoutbox",
        "sidebar", "sponsor", "ad-break", "agegate", "pagination", "pager", "popup", "tweet", "twitter", "share",
        "social", "banner", "cookie", "newsletter", "subscribe", "related", "promo", "advert", "breadcrumb", "skip",
    ]
    /// Whole words of a class or id that mean an advertisement (as substrings they would match
    /// "head" and "read").
    static let adWords: Set<String> = ["ad", "ads", "adsense", "advertisement", "sponsored", "dfp", "gpt"]
    static let maybe = ["and", "article", "body", "column", "main", "shadow", "content"]
    static let positive = [
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "post", "text", "blog", "story",
    ]
    static let negative = [
        "combx", "comment", "com-", "contact", "foot", "footer", "footnote", "masthead", "media", "meta", "outbrain",
        "promo", "related", "scroll", "shoutbox", "sidebar", "sponsor", "shopping", "tags", "tool", "widget", "ad-",
        "advert", "share", "social", "nav", "menu", "byline",
    ]
    static let droppedTags: Set<String> = [
        "script", "style", "noscript", "nav", "aside", "footer", "form", "header", "iframe", "button", "input",
        "select", "textarea", "object", "embed", "svg", "canvas", "template", "dialog", "menu",
    ]
    private static let blockTags: Set<String> = [
        "a", "blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul", "section", "article", "figure", "h1",
        "h2", "h3", "h4", "h5", "h6",
    ]

    init(tree: HTMLTree) {
        self.tree = tree
    }

    /// The index of the article's root in `tree` after the article is assembled (a new
    /// `<div>` holding the winner and its good siblings), nil when no paragraph scored.
    mutating func extract() -> Int? {
        removeUnlikely()
        scoreParagraphs()
        guard let best = scores.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else {
            return nil
        }
        return assemble(around: best)
    }

    /// Steps 1 and 2.
    private mutating func removeUnlikely() {
        for index in tree.descendants() where tree.nodes[index].kind == .element {
            let node = tree.nodes[index]
            if node.kind == .comment { continue }
            if Self.droppedTags.contains(node.name) || node.attribute("hidden") != nil
                || node.attribute("aria-hidden") == "true" || node.attribute("role") == "navigation"
                || node.attribute("role") == "complementary"
            {
                tree.unlink(index)
                continue
            }
            let identity = Self.identity(node)
            let words = identity.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            let isAd = words.contains(where: Self.adWords.contains)
            if !["html", "body", "article", "main"].contains(node.name),
                isAd || Self.unlikely.contains(where: identity.contains) && !Self.maybe.contains(where: identity.contains)
            {
                tree.unlink(index)
                continue
            }
            if node.name == "div",
                !tree.descendants(of: index).dropFirst().contains(where: { Self.blockTags.contains(tree.nodes[$0].name) })
            {
                tree.nodes[index].name = "p"
            }
        }
    }

    /// Steps 3 and 4.
    private mutating func scoreParagraphs() {
        let live = Set(tree.descendants())
        for index in tree.descendants() where ["p", "pre", "td"].contains(tree.nodes[index].name) {
            let text = tree.textContent(of: index).collapsingWhitespace
            guard text.count >= 25 else { continue }
            let parent = tree.nodes[index].parent
            guard parent > 0, live.contains(parent) else { continue }
            let score = 1 + Double(text.filter { $0 == "," || $0 == "，" }.count) + min(Double(text.count / 100), 3)
            add(score, to: parent)
            let grandparent = tree.nodes[parent].parent
            if grandparent > 0 { add(score / 2, to: grandparent) }
        }
        for (index, score) in scores { scores[index] = score * (1 - tree.linkDensity(index)) }
    }

    private mutating func add(_ score: Double, to index: Int) {
        if scores[index] == nil { scores[index] = initialScore(index) }
        scores[index, default: 0] += score
    }

    private func initialScore(_ index: Int) -> Double {
        let base: Double =
            switch tree.nodes[index].name {
            case "div", "article", "main", "section": 5
            case "pre", "td", "blockquote": 3
            case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": -3
            case "h1", "h2", "h3", "h4", "h5", "h6", "th": -5
            default: 0
            }
        return base + tree.classWeight(index)
    }

    /// Step 5: a new `<div>` under the document holding `best` and its good siblings.
    private mutating func assemble(around best: Int) -> Int {
        let threshold = max(10, (scores[best] ?? 0) * 0.2)
        let parent = tree.nodes[best].parent
        let siblings = parent >= 0 ? tree.nodes[parent].children : [best]
        var kept: [Int] = []
        for sibling in siblings where tree.nodes[sibling].kind == .element {
            if sibling == best || (scores[sibling] ?? -1) >= threshold {
                kept.append(sibling)
                continue
            }
            guard tree.nodes[sibling].name == "p" else { continue }
            let text = tree.textContent(of: sibling).collapsingWhitespace
            let density = tree.linkDensity(sibling)
            if text.count > 80 && density < 0.25 || text.count <= 80 && density == 0 && text.hasSuffix(".") {
                kept.append(sibling)
            }
        }
        let root = tree.insert(
            HTMLTree.Node(kind: .element, name: "div", namespace: .html, attributes: [], text: "", parent: 0, children: []),
            under: 0)
        for index in kept {
            tree.unlink(index)
            tree.nodes[index].parent = root
            tree.nodes[root].children.append(index)
        }
        return root
    }

    /// An element's class and id, lowercased, for the pattern lists.
    static func identity(_ node: HTMLTree.Node) -> String {
        ((node.attribute("class") ?? "") + " " + (node.attribute("id") ?? "")).lowercased()
    }
}

extension HTMLTree {
    /// +25 for a class, +25 for an id that says article; −25 each that says otherwise.
    func classWeight(_ index: Int) -> Double {
        var weight = 0.0
        for value in [nodes[index].attribute("class"), nodes[index].attribute("id")] {
            guard let value = value?.lowercased(), !value.isEmpty else { continue }
            if Readability.negative.contains(where: value.contains) { weight -= 25 }
            if Readability.positive.contains(where: value.contains) { weight += 25 }
        }
        return weight
    }

    /// The share of `index`'s text inside links.
    func linkDensity(_ index: Int) -> Double {
        let total = textContent(of: index).collapsingWhitespace.count
        guard total > 0 else { return 0 }
        let linked = elements(named: "a", under: index).reduce(0) {
            $0 + textContent(of: $1).collapsingWhitespace.count
        }
        return Double(linked) / Double(total)
    }
}
