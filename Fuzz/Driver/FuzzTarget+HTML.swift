import CopypastaHTML

/// The targets of fetched pages: HTML, CSS, encodings and JSON-LD (`CopypastaHTML`).
extension FuzzTarget {
    /// The input as a page: parse, metadata, assets, the archived copy and the readable
    /// article. The archived copy must parse again and keep its asset list.
    static func html(_ bytes: [UInt8]) {
        let page = HTMLPage(bytes: bytes, contentType: nil, baseURL: "https://fuzz.example/dir/page.html")
        let local = Dictionary(page.assets.enumerated().map { ($1.url, "assets/\($0)") }) { first, _ in first }
        let archived = page.archived(replacing: local)
        let again = HTMLPage(bytes: Array(archived.utf8), contentType: "text/html; charset=utf-8", baseURL: "file:///a/page.html")
        precondition(again.charset == "utf-8", "the archived copy is not read as UTF-8")
        _ = page.readable()
    }

    /// The input as a style sheet: references found, then rewritten to local names; what was
    /// rewritten must have no http(s) reference left that the map holds.
    static func css(_ bytes: [UInt8]) {
        let css = String(decoding: bytes, as: UTF8.self)
        let base = "https://fuzz.example/css/site.css"
        let references = StyleSheet.references(in: css, baseURL: base)
        let local = Dictionary(references.enumerated().map { ($1.url, "a\($0).bin") }) { first, _ in first }
        let rewritten = StyleSheet.rewritten(css, baseURL: base, replacing: local)
        let left = StyleSheet.references(in: rewritten, baseURL: base).filter {
            local[$0.url] != nil && !$0.url.hasSuffix(".bin")
        }
        precondition(left.isEmpty, "a mapped reference survived rewriting")
    }

    /// The input as page bytes under each declared encoding (the first byte picks one); the
    /// result must be valid UTF-8.
    static func charset(_ bytes: [UInt8]) {
        let labels = ["shift_jis", "windows-1251", "gb2312", "euc-kr", "euc-jp", "utf-16le", "utf-16be", "koi8-r", "iso-2022-jp"]
        let label = labels[Int(bytes.first ?? 0) % labels.count]
        for contentType in ["text/html; charset=\(label)", nil] {
            let decoded = PageCharset.decode(Array(bytes.dropFirst()), contentType: contentType)
            precondition(String(validating: decoded.utf8, as: UTF8.self) != nil, "decoding gave invalid UTF-8")
        }
    }

    /// The input as JSON-LD, alone and inside a page.
    static func jsonld(_ bytes: [UInt8]) {
        _ = JSONValue.parse(String(decoding: bytes, as: UTF8.self))
        let script = Array("<script type=\"application/ld+json\">".utf8) + bytes + Array("</script>".utf8)
        _ = HTMLPage(bytes: script, contentType: "text/html; charset=utf-8", baseURL: "https://fuzz.example/").metadata
    }
}
