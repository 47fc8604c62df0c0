import CopypastaHTML
import Testing

/// Metadata, assets and the archived copy of a page; URL resolution.
@Suite struct HTMLPageTests {
    private func page(_ html: String, url: String = "https://news.example/2026/11/story.html") -> HTMLPage {
        HTMLPage(bytes: Array(html.utf8), contentType: "text/html; charset=utf-8", baseURL: url)
    }

    @Test func titleOrderOpenGraphThenTwitterThenJSONLDThenTitleElement() {
        let jsonLD = "<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\",\"headline\":\"LD &amp; title\"}</script>"
        #expect(page("<title>  Plain\n  title </title>").metadata.title == "Plain title")
        #expect(page("<title>Plain</title>\(jsonLD)").metadata.title == "LD & title")
        #expect(page("<title>P</title>\(jsonLD)<meta name=twitter:title content='Tw'>").metadata.title == "Tw")
        #expect(
            page("<meta property=og:title content='OG &eacute;'><meta name=twitter:title content=Tw>").metadata.title == "OG é")
    }

    @Test func authorFromEverySource() {
        #expect(page("<meta name=author content='Ann Meta'>").metadata.author == "Ann Meta")
        #expect(page("<meta property=article:author content='Art Author'>").metadata.author == "Art Author")
        #expect(page("<meta property=article:author content='https://facebook.example/x'>").metadata.author == nil)
        let ld = "<script type='application/ld+json'>{\"@type\":\"Article\",\"author\":%@}</script>"
        func withAuthor(_ json: String) -> String? {
            page(ld.replacing("%@", with: json)).metadata.author
        }
        #expect(withAuthor("\"Str Ing\"") == "Str Ing")
        #expect(withAuthor("{\"@type\":\"Person\",\"name\":\"Ob Ject\"}") == "Ob Ject")
        #expect(withAuthor("[{\"name\":\"One\"},{\"name\":\"Two\"},\"Three\"]") == "One, Two, Three")
        #expect(page("<body><a rel=author href=/u/x>Rel Author</a>").metadata.author == "Rel Author")
        #expect(page("<body><span class='post-byline'> By  Jane </span>").metadata.author == "By Jane")
    }

    @Test func publishedSiteNameDescriptionLanguage() {
        let html = """
            <html lang="de-AT"><head>
            <meta property="og:site_name" content="The Example Times">
            <meta name="description" content="A   short\ndescription">
            <meta property="article:published_time" content="2026-11-20T08:00:00Z">
            </head><body><time datetime="2020-01-01">old</time></body></html>
            """
        let metadata = page(html).metadata
        #expect(metadata.published == "2026-11-20T08:00:00Z")
        #expect(metadata.siteName == "The Example Times")
        #expect(metadata.description == "A short description")
        #expect(metadata.language == "de-AT")
        #expect(page("<body><time datetime='2024-05-06'>May</time>").metadata.published == "2024-05-06")
        #expect(page("<meta name='dc.date' content='2023-02-01'>").metadata.published == "2023-02-01")
    }

    @Test func jsonLDInGraphWithCommentsAndTrailingCommas() {
        let html = """
            <script type="application/ld+json"><!--
            { "@context": "https://schema.org", // a comment
              "@graph": [ {"@type": "Organization", "name": "Org"},
                {"@type": ["BlogPosting"], "headline": "Caf\\u00e9 \\ud83d\\ude00", "datePublished": "2025-01-02",
                 "publisher": {"name": "Pub"}, },
              ] }
            </script>
            """
        let metadata = page(html).metadata
        #expect(metadata.title == "Café 😀")
        #expect(metadata.published == "2025-01-02")
        #expect(metadata.siteName == "Pub")
    }

    @Test func brokenJSONLDIsIgnored() {
        #expect(page("<title>T</title><script type='application/ld+json'>{\"headline\": [[[</script>").metadata.title == "T")
        #expect(JSONValue.parse(String(repeating: "[", count: 10000)) == nil)
    }

    @Test func assetsOfEveryKindResolvedAgainstBaseHref() {
        let html = """
            <html><head><base href="https://static.example/a/">
            <link rel="stylesheet" href="site.css"><link rel="shortcut icon" href="/favicon.ico">
            <link rel="apple-touch-icon" href="touch.png"><link rel="preload" as="font" href="f.woff2" crossorigin>
            <link rel="preload" as="script" href="app.js"><link rel="canonical" href="https://news.example/c">
            <style>@import "more.css"; body { background: url(bg.png) }</style>
            </head><body style="background-image: url('body.png')">
            <img src="one.png" srcset="one,2x.png 2x, one-3.png 3x,https://img.example/wide.png 800w">
            <picture><source srcset="pic.webp 1x, pic@2.webp 2x" type="image/webp"><img src="pic.jpg"></picture>
            <video poster="poster.jpg"></video><img src="data:image/png;base64,AAAA"><img src="ftp://x/y.png">
            <img src="one.png#again">
            </body></html>
            """
        let assets = page(html).assets
        let a = "https://static.example/a/"
        #expect(
            assets == [
                AssetReference(url: a + "site.css", kind: .stylesheet),
                AssetReference(url: "https://static.example/favicon.ico", kind: .icon),
                AssetReference(url: a + "touch.png", kind: .icon), AssetReference(url: a + "f.woff2", kind: .font),
                AssetReference(url: a + "more.css", kind: .stylesheet), AssetReference(url: a + "bg.png", kind: .image),
                AssetReference(url: a + "body.png", kind: .image), AssetReference(url: a + "one.png", kind: .image),
                AssetReference(url: a + "one,2x.png", kind: .image), AssetReference(url: a + "one-3.png", kind: .image),
                AssetReference(url: "https://img.example/wide.png", kind: .image),
                AssetReference(url: a + "pic.webp", kind: .image), AssetReference(url: a + "pic@2.webp", kind: .image),
                AssetReference(url: a + "pic.jpg", kind: .image), AssetReference(url: a + "poster.jpg", kind: .image),
            ])
    }

    @Test func archivedRewritesReferencesAndRemovesScripts() {
        let html = """
            <!DOCTYPE html><html><head><meta charset="iso-8859-1"><base href="/a/">
            <meta http-equiv="refresh" content="0; url=/elsewhere">
            <link rel="stylesheet" href="s.css" integrity="sha384-x" crossorigin="anonymous">
            <script src="app.js"></script><script>alert("<b>")</script>
            </head><body onload="boot()">
            <img src="i.png" srcset="i.png 1x, i2.png 2x" alt="a &quot;quoted&quot; &amp; thing" onclick="x()">
            <a href="page2.html">next</a> <a href="#top">top</a> <a href="javascript:void(0)">js</a>
            <noscript><img src="ns.png"></noscript>
            <p style="background: url(p.png)">x &lt; y &amp;&nbsp;z</p>
            <style>div{background:url(d.png)}</style><br><pre>\n\nline</pre>
            </body></html>
            """
        let p = page(html, url: "https://site.example/dir/page.html")
        let archived = p.archived(replacing: [
            "https://site.example/a/s.css": "assets/s1.css", "https://site.example/a/i.png": "assets/i1.png",
            "https://site.example/a/p.png": "assets/p1.png", "https://site.example/a/d.png": "assets/d1.png",
        ])
        #expect(archived.hasPrefix("<!DOCTYPE html><html><head><meta charset=\"utf-8\">"))
        #expect(!archived.contains("<script") && !archived.contains("alert") && !archived.contains("onload"))
        #expect(!archived.contains("onclick") && !archived.contains("iso-8859-1") && !archived.contains("refresh"))
        #expect(!archived.contains("<base") && !archived.contains("integrity") && !archived.contains("crossorigin"))
        #expect(archived.contains("<link rel=\"stylesheet\" href=\"assets/s1.css\">"))
        #expect(archived.contains("src=\"assets/i1.png\" srcset=\"assets/i1.png 1x, https://site.example/a/i2.png 2x\""))
        #expect(archived.contains("alt=\"a &quot;quoted&quot; &amp; thing\""))
        #expect(archived.contains("<a href=\"https://site.example/a/page2.html\">next</a>"))
        #expect(archived.contains("<a href=\"#top\">top</a> <a>js</a>"))
        #expect(archived.contains("<img src=\"https://site.example/a/ns.png\">") && !archived.contains("noscript"))
        #expect(archived.contains("<p style=\"background: url(&quot;assets/p1.png&quot;)\">x &lt; y &amp;&nbsp;z</p>"))
        #expect(archived.contains("<style>div{background:url(\"assets/d1.png\")}</style><br>"))
        #expect(archived.contains("<pre>\n\nline</pre>"))
    }

    @Test func archivedRoundTripsThroughTheParser() {
        let html = "<p>a<b>b<i>c</p>d</i>e<table><tr><td>f</table><svg viewBox='0 0 1 1'><linearGradient/><path d='M0 0'/></svg>"
        let once = page(html).archived(replacing: [:])
        let twice = page(once).archived(replacing: [:])
        #expect(once.contains("<linearGradient>"))
        #expect(twice == once)
    }

    @Test(arguments: [
        ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g/"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"),
        ("..", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../../g", "http://a/g"),
        ("/./g", "http://a/g"), ("g.", "http://a/b/c/g."), ("g;x=1/../y", "http://a/b/c/y"),
        ("HTTPS://EX.com/A", "https://ex.com/A"),
        ("  g h\n", "http://a/b/c/g%20h"), ("\\\\other\\x", "http://other/x"), ("ümlaut", "http://a/b/c/%C3%BCmlaut"),
        ("mailto:x@y", "mailto:x@y"),
    ])
    func resolvesAsRFC3986Says(reference: String, expected: String) {
        #expect(resolve(reference, against: "http://a/b/c/d;p?q") == expected)
    }

    @Test func resolveNeedsAnAbsoluteBase() {
        #expect(resolve("x.png", against: "not a url") == nil)
        #expect(resolve("https://ok.example", against: "") == "https://ok.example/")
    }
}
