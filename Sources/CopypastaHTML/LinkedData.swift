/// The JSON-LD of a page (schema.org): the article it describes, found among top-level
/// objects, arrays and `@graph` lists. An `Article`-like object (`NewsArticle`, `BlogPosting`,
/// …) wins over any other; strings have their HTML entities decoded (pages escape them twice).
struct LinkedData {
    /// headline, or the name of an article or web page.
    var title: String?
    /// The author: a string, an object's name, or the names of an array, joined by commas.
    var author: String?
    /// datePublished.
    var published: String?
    /// The publisher's name.
    var publisher: String?
    /// description.
    var description: String?

    private static let articleTypes = [
        "Article", "NewsArticle", "BlogPosting", "Report", "ScholarlyArticle", "TechArticle", "SocialMediaPosting",
        "LiveBlogPosting", "AnalysisNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle",
    ]

    /// Reads the documents of a page's `application/ld+json` scripts.
    init(_ documents: [JSONValue]) {
        var objects: [JSONValue] = []
        var pending = documents
        while let value = pending.popLast(), objects.count < 1000 {
            switch value {
            case .array(let elements): pending.append(contentsOf: elements.reversed())
            case .object:
                objects.append(value)
                if case .array(let graph) = value["@graph"] ?? .null { pending.append(contentsOf: graph.reversed()) }
            default: continue
            }
        }
        let article =
            objects.first { Self.types($0).contains(where: Self.articleTypes.contains) }
            ?? objects.first { $0["headline"] != nil }
            ?? objects.first { Self.types($0).contains("WebPage") }
        guard let article else { return }
        title = Self.text(article["headline"]) ?? Self.text(article["name"])
        author = Self.names(article["author"] ?? article["creator"])
        published = Self.text(article["datePublished"]) ?? Self.text(article["dateCreated"])
        publisher = Self.names(article["publisher"])
        description = Self.text(article["description"])
    }

    private static func types(_ object: JSONValue) -> [String] {
        switch object["@type"] {
        case .string(let type): [type]
        case .array(let types): types.compactMap(\.string)
        default: []
        }
    }

    /// A string value, entities decoded.
    private static func text(_ value: JSONValue?) -> String? {
        guard let string = value?.string else { return nil }
        let decoded = HTMLEntities.decode(string).collapsingWhitespace
        return decoded.isEmpty ? nil : decoded
    }

    /// The name(s) in a person or organization value.
    private static func names(_ value: JSONValue?) -> String? {
        switch value {
        case .string: return text(value)
        case .object: return text(value?["name"])
        case .array(let elements):
            let list = elements.prefix(20).compactMap { Self.names($0) }
            return list.isEmpty ? nil : list.joined(separator: ", ")
        default: return nil
        }
    }
}

/// HTML character references in text that did not go through the parser (JSON-LD strings).
enum HTMLEntities {
    /// `text` with its character references decoded by gumbo itself: the text becomes the
    /// content of a `<title>` (an RCDATA element: references decoded, tags not), its `<`
    /// escaped first so that nothing ends the element early.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let source = "<title>" + text.replacing("<", with: "&lt;") + "</title>"
        let tree = HTMLTree(utf8: Array(source.utf8))
        guard let title = tree.elements(named: "title").first else { return text }
        return tree.textContent(of: title)
    }
}
