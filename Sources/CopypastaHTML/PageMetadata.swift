/// What a page says about itself, each field trimmed with its whitespace collapsed and its
/// entities decoded; nil when the page does not say.
public struct PageMetadata: Sendable, Equatable {
    /// og:title, twitter:title, JSON-LD headline or name, `<title>`: the first present.
    public var title: String?
    /// meta author, article:author, JSON-LD author, rel=author, an element of class byline.
    public var author: String?
    /// article:published_time, JSON-LD datePublished, `<time datetime>`, meta date or dc.date:
    /// as the page wrote it (usually ISO 8601).
    public var published: String?
    /// og:site_name, or the JSON-LD publisher's name.
    public var siteName: String?
    /// og:description, meta description, twitter:description, JSON-LD description.
    public var description: String?
    /// `<html lang>`, or the content-language the page declares.
    public var language: String?

    /// Metadata with every field given (all nil by default).
    public init(
        title: String? = nil, author: String? = nil, published: String? = nil, siteName: String? = nil,
        description: String? = nil, language: String? = nil
    ) {
        self.title = title
        self.author = author
        self.published = published
        self.siteName = siteName
        self.description = description
        self.language = language
    }
}

/// Reads `PageMetadata` from a tree.
enum MetadataReader {
    /// The metadata of `tree`.
    static func read(_ tree: HTMLTree) -> PageMetadata {
        var meta: [String: String] = [:]
        var jsonLD: [JSONValue] = []
        var title: String?
        var language: String?
        var relAuthor: String?
        var time: String?
        for index in tree.descendants() where tree.nodes[index].kind == .element {
            let node = tree.nodes[index]
            switch node.name {
            case "meta":
                let key =
                    (node.attribute("property") ?? node.attribute("name") ?? node.attribute("itemprop")
                    ?? node.attribute("http-equiv"))?.lowercased()
                if let key, let content = node.attribute("content")?.collapsingWhitespace, !content.isEmpty,
                    meta[key] == nil
                {
                    meta[key] = content
                }
            case "title" where title == nil && node.namespace == .html: title = tree.textContent(of: index)
            case "html" where language == nil: language = node.attribute("lang")
            case "script" where node.attribute("type")?.lowercased().trimmingASCIIWhitespace() == "application/ld+json":
                if let value = JSONValue.parse(tree.textContent(of: index)) { jsonLD.append(value) }
            case "a" where relAuthor == nil:
                let rel = node.attribute("rel")?.lowercased().split(separator: " ") ?? []
                if rel.contains("author") { relAuthor = tree.textContent(of: index) }
            case "time" where time == nil: time = node.attribute("datetime")
            default: break
            }
        }
        let linked = LinkedData(jsonLD)
        func first(_ candidates: String?...) -> String? {
            candidates.lazy.compactMap { $0?.collapsingWhitespace }.first { !$0.isEmpty }
        }
        let articleAuthor = meta["article:author"].flatMap { $0.contains("://") ? nil : $0 }
        return PageMetadata(
            title: first(meta["og:title"], meta["twitter:title"], linked.title, title),
            author: first(
                meta["author"], articleAuthor, linked.author, relAuthor, byline(tree), meta["dc.creator"]),
            published: first(
                meta["article:published_time"], linked.published, time, meta["date"], meta["dc.date"],
                meta["dc.date.issued"], meta["dcterms.date"], meta["datepublished"], meta["pubdate"]),
            siteName: first(meta["og:site_name"], linked.publisher),
            description: first(meta["og:description"], meta["description"], meta["twitter:description"], linked.description),
            language: first(language, meta["content-language"], meta["og:locale"]))
    }

    /// The text of the first element whose class names a byline, if short enough to be one.
    private static func byline(_ tree: HTMLTree) -> String? {
        for index in tree.descendants() where tree.nodes[index].kind == .element {
            let classes = (tree.nodes[index].attribute("class") ?? "").lowercased()
            guard classes.contains("byline") || classes.split(separator: " ").contains("author") else { continue }
            let text = tree.textContent(of: index).collapsingWhitespace
            if !text.isEmpty, text.count < 100 { return text }
        }
        return nil
    }
}
