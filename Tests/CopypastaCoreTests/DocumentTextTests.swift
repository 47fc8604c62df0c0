import CopypastaCore
import Testing

/// The text of documents for search: formats by name and content, and HTML's visible words.
@Suite struct DocumentTextTests {
    @Test func htmlKeepsTheVisibleWordsOnly() {
        let html = """
            <!DOCTYPE html><html><head><title>Title here</title><style>p { color: red }</style>
            <script>if (a < b && c > d) { document.write("<p>hidden</p>") }</script></head>
            <body><!-- a comment <p>not shown</p> --><h1>Heading</h1><p class="x>y">Fish &amp; chips &#8364;5 &#x41;</p>
            <noscript>enable scripts</noscript><p>caf\u{E9}<br>next</p></body></html>
            """
        let text = HTMLText.extract(Array(html.utf8))
        #expect(text == "Title here\nHeading\nFish & chips \u{20AC}5 A\ncaf\u{E9}\nnext")
    }

    @Test func brokenMarkupEndsWithoutLosingTheTextBeforeIt() {
        #expect(HTMLText.extract(Array("plain a < b text".utf8)) == "plain a < b text")
        #expect(HTMLText.extract(Array("before <script>never closed".utf8)) == "before")
        #expect(HTMLText.extract(Array("words <p unterminated".utf8)) == "words")
        #expect(HTMLText.extract(Array("&bogus; &#0; &amp".utf8)) == "&bogus; &#0; &amp")
    }

    @Test func hostileInputTakesLinearTime() {
        let inputs = [
            Array(repeating: UInt8(ascii: "<"), count: 1 << 18), Array(String(repeating: "<!--", count: 1 << 16).utf8),
            Array(String(repeating: "<a", count: 1 << 17).utf8),
            Array(String(repeating: "<script></scrip", count: 1 << 14).utf8), Array(String(repeating: "&#", count: 1 << 17).utf8),
        ]
        let start = monotonicSeconds()
        for input in inputs { _ = HTMLText.extract(input) }
        // About a second in a debug build; a quadratic scan of these inputs would take hours.
        #expect(monotonicSeconds() - start < 20)
    }

    @Test func formatsComeFromTheNameOrTheFirstBytes() {
        #expect(DocumentText.format(name: "notes.MD", head: []) == .plain)
        #expect(DocumentText.format(name: "main.swift", head: []) == .plain)
        #expect(DocumentText.format(name: "page.htm", head: []) == .html)
        #expect(DocumentText.format(name: "paper.pdf", head: []) == .pdf)
        #expect(DocumentText.format(name: "download", head: Array("%PDF-1.7".utf8)) == .pdf)
        #expect(DocumentText.format(name: "README", head: Array("hello\n".utf8)) == .plain)
        #expect(DocumentText.format(name: "photo.jpg", head: [0xFF, 0xD8, 0xFF, 0x00]) == .none)
        #expect(DocumentText.format(name: "cut", head: Array("caf".utf8) + [0xC3]) == .plain)
        #expect(DocumentText.text(of: Array("  \n ".utf8), format: .plain) == nil)
    }
}
