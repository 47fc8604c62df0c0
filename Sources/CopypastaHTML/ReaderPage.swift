/// `reader.html`: the readable article as a page of its own, self-contained (its style inline,
/// no script, no remote font), light or dark as the reader's system prefers, with the title,
/// byline, date and a link to the original.
public enum ReaderPage {
    /// The page for `article` of the page `metadata` describes, fetched from `url`.
    public static func render(_ article: ReadableArticle, metadata: PageMetadata, url: String) -> String {
        let title = article.title ?? metadata.title ?? url
        let language = metadata.language.map { " lang=\"\(HTMLTree.escapeAttribute($0))\"" } ?? ""
        var facts: [String] = []
        if let byline = article.byline ?? metadata.author { facts.append("<span class=\"byline\">\(escape(byline))</span>") }
        if let published = article.published ?? metadata.published {
            let shown = published.count >= 10 && published.dropFirst(4).first == "-" ? String(published.prefix(10)) : published
            facts.append("<time datetime=\"\(HTMLTree.escapeAttribute(published))\">\(escape(shown))</time>")
        }
        let site = metadata.siteName ?? host(of: url) ?? url
        facts.append("<a class=\"original\" href=\"\(HTMLTree.escapeAttribute(url))\">\(escape(site))</a>")
        return """
            <!DOCTYPE html>
            <html\(language)><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src * 'self' data:; style-src 'unsafe-inline'">
            <title>\(escape(title))</title>
            <style>\(style)</style>
            </head><body><article>
            <header><h1>\(escape(title))</h1>
            <p class="facts">\(facts.joined(separator: " · "))</p></header>
            \(article.html)
            </article></body></html>

            """
    }

    private static func escape(_ text: String) -> String { HTMLTree.escapeText(text) }

    /// The host of an http(s) URL, for the link to the original when the page names no site.
    private static func host(of url: String) -> String? {
        guard let parts = URLParts(url), let authority = parts.authority else { return nil }
        let host = authority.split(separator: "@").last.map(String.init) ?? authority
        return host.isEmpty ? nil : host
    }

    /// The page's style: a readable measure, system fonts, and colours for both schemes.
    private static let style = """
        :root{color-scheme:light dark;--fg:#1d1d1f;--bg:#fdfcf8;--muted:#6b6b70;--link:#0b57d0;--rule:#e3e1da}
        @media (prefers-color-scheme:dark){:root{--fg:#e6e4df;--bg:#1b1b1d;--muted:#a0a0a6;--link:#8ab4f8;--rule:#38383c}}
        html{background:var(--bg);color:var(--fg)}
        body{margin:0;padding:2rem 1.25rem 4rem;font:1.125rem/1.65 Charter,"Bitstream Charter","Noto Serif",Georgia,serif}
        article{max-width:38rem;margin:0 auto}
        h1{font-size:2rem;line-height:1.2;margin:0 0 .5rem}
        h2,h3,h4{line-height:1.3;margin:2rem 0 .5rem}
        .facts{color:var(--muted);font:.9rem/1.4 system-ui,sans-serif;margin:0 0 2rem;padding-bottom:1rem;border-bottom:1px solid var(--rule)}
        a{color:var(--link)}
        img{max-width:100%;height:auto}
        figure{margin:1.5rem 0}figcaption{color:var(--muted);font-size:.9rem}
        blockquote{margin:1.5rem 0;padding-left:1rem;border-left:3px solid var(--rule);color:var(--muted)}
        pre{overflow-x:auto;padding:.75rem;background:color-mix(in srgb,var(--fg) 6%,transparent);font-size:.9rem}
        code{font-family:ui-monospace,"DejaVu Sans Mono",monospace}
        table{border-collapse:collapse}td,th{border:1px solid var(--rule);padding:.25rem .5rem}
        """
}
