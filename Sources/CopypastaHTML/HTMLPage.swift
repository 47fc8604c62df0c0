/// A web page as the archive keeps it (docs/DESIGN.md, "HTML pages"): its bytes decoded in the
/// charset the page was served or declared in (`PageCharset`), parsed by gumbo into a tree
/// (`HTMLTree`), what it says about itself (`metadata`), the files it needs to display
/// (`assets`), and from these a self-contained copy (`archived(replacing:)`) and the readable
/// article (`readable()`).
public struct HTMLPage: Sendable {
    /// The parsed page.
    public let tree: HTMLTree
    /// The encoding the bytes were decoded from (a WHATWG name).
    public let charset: String
    /// The URL the page was fetched from (after redirects).
    public let url: String
    /// The URL relative references resolve against: `<base href>` when the page has one,
    /// else `url`.
    public let baseURL: String
    /// Title, author, date and the rest.
    public var metadata: PageMetadata
    /// The images, style sheets, icons and fonts the page refers to, absolute, de-duplicated,
    /// in document order (CSS in `<style>` and `style` attributes included; the insides of
    /// external sheets are the fetcher's to read with `StyleSheet`).
    public var assets: [AssetReference]

    /// Decodes and parses `bytes` served with `contentType` (the HTTP header, nil if unknown)
    /// from `baseURL`, the page's URL.
    public init(bytes: [UInt8], contentType: String?, baseURL: String) {
        let decoded = PageCharset.decode(bytes, contentType: contentType)
        let tree = HTMLTree(utf8: decoded.utf8)
        self.tree = tree
        charset = decoded.charset
        url = baseURL
        let base = tree.elements(named: "base").lazy.compactMap { tree.nodes[$0].attribute("href") }.first
        self.baseURL = base.flatMap { resolve($0, against: baseURL) } ?? baseURL
        metadata = MetadataReader.read(tree)
        assets = AssetCollector.assets(in: tree, base: self.baseURL)
    }
}

/// Finds a page's assets.
enum AssetCollector {
    /// `rel` values of `<link>` that load an icon.
    static let iconRels: Set<String> = ["icon", "apple-touch-icon", "apple-touch-icon-precomposed", "mask-icon"]

    /// The assets of `tree`, its references resolved against `base`.
    static func assets(in tree: HTMLTree, base: String) -> [AssetReference] {
        var seen: Set<String> = []
        var assets: [AssetReference] = []
        func add(_ reference: String?, _ kind: AssetKind) {
            guard let reference, let url = AssetReference.fetchable(reference, base: base), seen.insert(url).inserted else {
                return
            }
            assets.append(AssetReference(url: url, kind: kind))
        }
        for index in tree.descendants() {
            let node = tree.nodes[index]
            if node.kind == .text, tree.isElement(node.parent, "style") {
                for reference in StyleSheet.references(in: node.text, baseURL: base) { add(reference.url, reference.kind) }
            }
            guard node.kind == .element else { continue }
            if let style = node.attribute("style") {
                for reference in StyleSheet.references(in: style, baseURL: base) { add(reference.url, reference.kind) }
            }
            for (attribute, kind) in references(of: node) { add(attribute, kind) }
            if let srcset = node.attribute("srcset"), node.name == "img" || node.name == "source" {
                for candidate in Srcset.parse(srcset) { add(candidate.url, .image) }
            }
        }
        return assets
    }

    /// The single-URL attributes of `node` that load an asset, with the asset's kind.
    static func references(of node: HTMLTree.Node) -> [(String?, AssetKind)] {
        switch node.name {
        case "img": return [(node.attribute("src"), .image)]
        case "input" where node.attribute("type")?.lowercased() == "image": return [(node.attribute("src"), .image)]
        case "video": return [(node.attribute("poster"), .image)]
        case "image" where node.namespace == .svg:
            return [(node.attribute("href") ?? node.attribute("xlink:href"), .image)]
        case "body", "table", "td", "th": return [(node.attribute("background"), .image)]
        case "link":
            guard let kind = linkKind(node) else { return [] }
            return [(node.attribute("href"), kind)]
        default: return []
        }
    }

    /// What a `<link>` loads that the archive keeps, nil for anything else (prefetch,
    /// canonical, alternate).
    static func linkKind(_ node: HTMLTree.Node) -> AssetKind? {
        let rels = Set((node.attribute("rel") ?? "").lowercased().split(whereSeparator: \.isWhitespace).map(String.init))
        if rels.contains("stylesheet") { return .stylesheet }
        if !rels.isDisjoint(with: iconRels) { return .icon }
        if rels.contains("preload"), node.attribute("as")?.lowercased() == "font" { return .font }
        return nil
    }
}
