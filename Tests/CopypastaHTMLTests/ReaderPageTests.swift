import CopypastaHTML
import Testing

/// reader.html: self-contained, both colour schemes, the article's facts and a way back.
@Suite struct ReaderPageTests {
    private let article = ReadableArticle(
        title: "Trams & <buses>", byline: "Maria Okonkwo", published: "2026-11-24T18:30:00+01:00",
        html: "<p>The council voted.</p>", text: "The council voted.")

    @Test func pageCarriesTitleBylineDateAndOriginal() {
        let metadata = PageMetadata(title: "ignored", siteName: "The Riverside Herald", language: "en")
        let html = ReaderPage.render(article, metadata: metadata, url: "https://herald.example/news/tram?x=1&y=2")
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"))
        #expect(html.contains("<title>Trams &amp; &lt;buses&gt;</title>"))
        #expect(html.contains("<h1>Trams &amp; &lt;buses&gt;</h1>"))
        #expect(html.contains("<span class=\"byline\">Maria Okonkwo</span>"))
        #expect(html.contains("<time datetime=\"2026-11-24T18:30:00+01:00\">2026-11-24</time>"))
        #expect(
            html.contains("<a class=\"original\" href=\"https://herald.example/news/tram?x=1&amp;y=2\">The Riverside Herald</a>"))
        #expect(html.contains("<p>The council voted.</p>"))
    }

    @Test func pageIsSelfContainedWithLightAndDarkSchemes() {
        let html = ReaderPage.render(article, metadata: PageMetadata(), url: "https://herald.example/a")
        #expect(html.contains("prefers-color-scheme:dark"))
        #expect(html.contains("color-scheme:light dark"))
        #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("@import"))
        #expect(html.contains("default-src 'none'"))
        #expect(html.contains(">herald.example</a>"))
    }

    @Test func renderedFromARealPageParsesBackToTheSameText() throws {
        let page = HTMLPage(
            bytes: ReadableTests.read(ReadableTests.articles + "/news.html"), contentType: nil,
            baseURL: "https://herald.example/news/tram")
        let article = try #require(page.readable())
        let reader = ReaderPage.render(article, metadata: page.metadata, url: page.url)
        let again = HTMLPage(bytes: Array(reader.utf8), contentType: nil, baseURL: "file:///reader.html")
        #expect(again.charset == "utf-8")
        #expect(again.metadata.title == "City council approves new tram line after two-year debate")
        let body = try #require(again.tree.elements(named: "article").first)
        #expect(again.tree.textContent(of: body).contains("Ingrid Halvorsen"))
        #expect(again.assets.allSatisfy { $0.kind == .image })
    }
}
