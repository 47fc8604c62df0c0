extension HTMLPage {
    /// Attributes that hold one URL, rewritten to the local copy or made absolute.
    static let urlAttributes: Set<String> = [
        "src", "href", "poster", "background", "action", "formaction", "cite", "longdesc", "data", "xlink:href",
    ]

    /// The page as `page.html` of an archive (docs/DESIGN.md, "HTML pages"): UTF-8, declared by
    /// a `<meta charset="utf-8">` at the top of `<head>` (the page's own declarations removed),
    /// each reference whose absolute URL is a key of `replacing` pointing at its value (a path
    /// relative to the page, `assets/3f2a.png`), and every other relative reference made
    /// absolute, since the copy no longer lives at the page's URL.
    ///
    /// Removed, so that the copy opens offline as the page looked and runs nothing: `<script>`,
    /// event-handler attributes (`on…`), `javascript:` URLs, `<base>` (references are absolute
    /// or local now), `<meta http-equiv>` refresh and Content-Security-Policy (one would leave
    /// the copy, the other block its local files), `integrity` and `crossorigin` (a rewritten
    /// sheet no longer matches its hash; a file has no CORS). `<noscript>` is unwrapped: with
    /// scripts gone, its fallback is what a reader should see.
    public func archived(replacing: [String: String]) -> String {
        var copy = tree
        var removals: [Int] = []
        var unwraps: [Int] = []
        for index in copy.descendants() {
            let node = copy.nodes[index]
            if node.kind == .text, copy.isElement(node.parent, "style") {
                copy.nodes[index].text = StyleSheet.rewritten(node.text, baseURL: baseURL, replacing: replacing)
            }
            guard node.kind == .element else { continue }
            if Self.isRemovedInArchive(node) {
                removals.append(index)
                continue
            }
            if node.name == "noscript" { unwraps.append(index) }
            copy.nodes[index].attributes = rewrittenAttributes(node, replacing: replacing)
        }
        for index in removals { copy.unlink(index) }
        for index in unwraps.reversed() { copy.unwrap(index) }
        if let head = copy.elements(named: "head").first {
            let meta = HTMLTree.Node(
                kind: .element, name: "meta", namespace: .html, attributes: [HTMLAttribute(name: "charset", value: "utf-8")],
                text: "", parent: head, children: [])
            copy.insert(meta, under: head, at: 0)
        }
        return copy.serialized()
    }

    /// Whether the archive drops `node` and what is below it.
    private static func isRemovedInArchive(_ node: HTMLTree.Node) -> Bool {
        switch node.name {
        case "script" where node.namespace != .mathml, "base": return true
        case "meta":
            let equiv = node.attribute("http-equiv")?.lowercased().trimmingASCIIWhitespace()
            return node.attribute("charset") != nil
                || ["content-type", "refresh", "content-security-policy", "content-security-policy-report-only"]
                    .contains(equiv ?? "")
        case "link":
            let rels = (node.attribute("rel") ?? "").lowercased().split(whereSeparator: \.isWhitespace)
            return rels.contains("modulepreload") || (rels.contains("preload") && node.attribute("as") == "script")
        default: return false
        }
    }

    /// `node`'s attributes as the archive writes them.
    private func rewrittenAttributes(_ node: HTMLTree.Node, replacing: [String: String]) -> [HTMLAttribute] {
        var attributes: [HTMLAttribute] = []
        for attribute in node.attributes {
            let name = attribute.name.lowercased()
            if name.hasPrefix("on") || name == "integrity" || name == "crossorigin" || name == "nonce" { continue }
            var value = attribute.value
            if Self.urlAttributes.contains(name) {
                let trimmed = URLParts.clean(value)
                if trimmed.lowercased().hasPrefix("javascript:") { continue }
                if !trimmed.hasPrefix("#") {
                    value =
                        AssetReference.replacement(for: value, base: baseURL, in: replacing)
                        ?? resolve(value, against: baseURL) ?? value
                }
            } else if name == "srcset" {
                var candidates = Srcset.parse(value)
                for position in candidates.indices {
                    let reference = candidates[position].url
                    candidates[position].url =
                        AssetReference.replacement(for: reference, base: baseURL, in: replacing)
                        ?? resolve(reference, against: baseURL) ?? reference
                }
                value = Srcset.serialize(candidates)
            } else if name == "style" {
                value = StyleSheet.rewritten(value, baseURL: baseURL, replacing: replacing)
            }
            attributes.append(HTMLAttribute(name: attribute.name, value: value))
        }
        return attributes
    }
}
