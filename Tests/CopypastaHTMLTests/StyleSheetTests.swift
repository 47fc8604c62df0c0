import CopypastaHTML
import Testing

/// CSS references found with a tokenizer, and rewritten.
@Suite struct StyleSheetTests {
    private let base = "https://cdn.example/css/site.css"

    private func urls(_ css: String) -> [String] {
        StyleSheet.references(in: css, baseURL: base).map(\.url)
    }

    @Test func urlFormsQuotedAndUnquoted() {
        let css = """
            a { background: url(img/a.png) }
            b { background: url( "img/b.png" ) }
            c { background: URL('../img/c.png') }
            d { background-image: url(  img/d\\ e.png  ) }
            """
        #expect(
            urls(css) == [
                "https://cdn.example/css/img/a.png", "https://cdn.example/css/img/b.png", "https://cdn.example/img/c.png",
                "https://cdn.example/css/img/d%20e.png",
            ])
    }

    @Test func importsAreStyleSheetsAndFontFaceURLsAreFonts() {
        let css = """
            @import "reset.css";
            @import url(theme.css) screen;
            @import url("print.css") print;
            @font-face { font-family: X; src: url(fonts/x.woff2) format("woff2"), url(fonts/x.woff) format("woff"); }
            body { background: url(bg.png) }
            """
        let references = StyleSheet.references(in: css, baseURL: base)
        #expect(
            references == [
                AssetReference(url: "https://cdn.example/css/reset.css", kind: .stylesheet),
                AssetReference(url: "https://cdn.example/css/theme.css", kind: .stylesheet),
                AssetReference(url: "https://cdn.example/css/print.css", kind: .stylesheet),
                AssetReference(url: "https://cdn.example/css/fonts/x.woff2", kind: .font),
                AssetReference(url: "https://cdn.example/css/fonts/x.woff", kind: .font),
                AssetReference(url: "https://cdn.example/css/bg.png", kind: .image),
            ])
    }

    @Test func commentsAndStringsAreNotReferences() {
        let css = """
            /* background: url(commented.png) */
            a::after { content: "url(in-a-string.png)"; }
            b { background: url(real.png) /* url(also-commented.png) */ }
            """
        #expect(urls(css) == ["https://cdn.example/css/real.png"])
    }

    @Test func escapesInIdentifiersAndURLs() {
        let css = "@\\69mport 'esc.css'; a { background: u\\72l(x\\29 y.png) }"
        #expect(urls(css) == ["https://cdn.example/css/esc.css", "https://cdn.example/css/x)y.png"])
    }

    @Test func dataAndOtherSchemesAreSkippedAndDuplicatesFolded() {
        let css = "a{background:url(data:image/png;base64,AAAA)} b{background:url(a.png)} c{background:url(./a.png)}"
        #expect(urls(css) == ["https://cdn.example/css/a.png"])
    }

    @Test func imageSetStrings() {
        let css = "a { background-image: image-set(\"a1.png\" 1x, url(a2.png) 2x) }"
        #expect(urls(css) == ["https://cdn.example/css/a1.png", "https://cdn.example/css/a2.png"])
    }

    @Test func badURLAndUnterminatedInputDoNotTrap() {
        #expect(urls("a { background: url(bad\"quote.png) } b{background:url(ok.png)}") == ["https://cdn.example/css/ok.png"])
        _ = urls("a { background: url(")
        _ = urls("@import \"unterminated")
        _ = urls("/* unterminated comment")
        _ = urls("\\")
    }

    @Test func rewritingReplacesMappedAndAbsolutizesTheRest() {
        let css = "@import 'reset.css';\nbody { background: url(img/bg.png) } /* url(img/bg.png) */ a { b: url(\"other.png#x\") }"
        let rewritten = StyleSheet.rewritten(
            css, baseURL: base,
            replacing: ["https://cdn.example/css/reset.css": "r1.css", "https://cdn.example/css/img/bg.png": "b2.png"])
        #expect(
            rewritten
                == "@import \"r1.css\";\nbody { background: url(\"b2.png\") } /* url(img/bg.png) */ a { b: url(\"https://cdn.example/css/other.png#x\") }"
        )
    }

    @Test func rewritingWithoutBaseMatchesLiteralReferences() {
        let rewritten = StyleSheet.rewritten(
            "a{background:url(x.png)} b{background:url(y.png)}", replacing: ["x.png": "assets/1.png"])
        #expect(rewritten == "a{background:url(\"assets/1.png\")} b{background:url(y.png)}")
    }

    @Test func rewritingKeepsFragmentsAndLeavesUnchangedTextByteForByte() {
        let css = "a { mask: url(sprite.svg#icon) }\n.x{color:red}"
        let rewritten = StyleSheet.rewritten(css, baseURL: base, replacing: ["https://cdn.example/css/sprite.svg": "s.svg"])
        #expect(rewritten == "a { mask: url(\"s.svg#icon\") }\n.x{color:red}")
        #expect(StyleSheet.rewritten(css, replacing: [:]) == css)
    }
}
