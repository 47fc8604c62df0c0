import CopypastaHTML
import Glibc
import TestSupport
import Testing

/// The readable article: its text against readability-lxml's on realistic pages (the oracle,
/// Tests/Fixtures/readability_oracle.py), and what it must leave out.
@Suite struct ReadableTests {
    /// Tests/Fixtures/articles.
    static let articles: String = {
        let file = #filePath
        return String(file[..<(file.firstRange(of: "/CopypastaHTMLTests/")?.lowerBound ?? file.endIndex)])
            + "/Fixtures/articles"
    }()

    static func read(_ path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[0..<count] }
        return bytes
    }

    private static func words(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            counts[String(word), default: 0] += 1
        }
        return counts
    }

    /// The share of `reference`'s words (with their counts) that `text` has too.
    private static func overlap(_ text: String, _ reference: String) -> Double {
        let mine = words(text)
        let theirs = words(reference)
        let total = theirs.values.reduce(0, +)
        let shared = theirs.reduce(0) { $0 + min($1.value, mine[$1.key] ?? 0) }
        return total == 0 ? 0 : Double(shared) / Double(total)
    }

    /// Page, words the article must hold, words (navigation, ads, comments) it must not.
    static let cases: [(String, [String], [String])] = [
        (
            "news", ["Ingrid Halvorsen", "612 million euros", "public information centre"],
            [
                "Advertisement", "Refinance", "Most read", "Privacy policy", "harbourdweller", "Related stories",
                "All rights reserved", "Politics", "morning briefing",
            ]
        ),
        (
            "blog", ["1,600 metres", "94 degrees", "walking the dog"],
            [
                "Skip to content", "Recent Posts", "Leave a Reply", "Share this", "Previous: A week of rye",
                "exactly the same trouble", "Proudly powered",
            ]
        ),
        (
            "docs", ["[retention]", "ledgerline retention plan", "exactly the same entries"],
            ["Search docs", "Quick start", "Command-line reference", "Copyright", "Previous"]
        ),
    ]

    @Test(arguments: cases)
    func textMatchesReadabilityLxmlAndLeavesOutTheRest(name: String, kept: [String], dropped: [String]) throws {
        let path = Self.articles + "/\(name).html"
        let page = HTMLPage(bytes: Self.read(path), contentType: "text/html", baseURL: "https://site.example/2026/\(name).html")
        let article = try #require(page.readable())
        let oracle = try Child(["/usr/bin/python3", Self.articles + "/../readability_oracle.py", path]).communicate()
        try #require(oracle.status == 0, "readability_oracle.py: \(oracle.stderr)")
        let share = Self.overlap(article.text, oracle.output)
        #expect(share >= 0.9, "only \(Int(share * 100))% of readability-lxml's words")
        let extra = Self.overlap(oracle.output, article.text)
        #expect(extra >= 0.9, "\(Int((1 - extra) * 100))% of the words are not in readability-lxml's text")
        for phrase in kept { #expect(article.text.contains(phrase), "missing \(phrase)") }
        for phrase in dropped {
            #expect(!article.text.contains(phrase) && !article.html.contains(phrase), "kept \(phrase)")
        }
    }

    @Test func articleFieldsAndCleanHTML() throws {
        let page = HTMLPage(
            bytes: Self.read(Self.articles + "/blog.html"), contentType: nil,
            baseURL: "https://crumbandcrust.example/2026/03/altitude/")
        let article = try #require(page.readable())
        #expect(article.title == "Sourdough at altitude: what changed when I moved to the mountains – Crumb & Crust")
        #expect(article.byline == "Eleanor Vance")
        #expect(article.published == "2026-03-14T09:12:00+00:00")
        // The lazily loaded image shows its real source, absolute.
        #expect(article.html.contains("<img src=\"https://crumbandcrust.example/wp-content/uploads/2026/03/crumb-shot.jpg\""))
        for unsafe in ["<script", "<style", "<form", "class=", "style=", "onclick", "data-src", "<iframe"] {
            #expect(!article.html.contains(unsafe), "\(unsafe) in the article")
        }
        #expect(article.text.contains("open, but even.\n\nWater boils sooner"))
    }

    @Test func preformattedTextKeepsItsLinesAndParagraphsAreSeparated() throws {
        let html = """
            <body><article><h1>Title</h1><p>First paragraph of the article, long enough to count, with a comma.</p>
            <pre>line one
              indented two</pre><p>Second
            paragraph, with a soft line break in the source<br>and a hard one.</p></article></body>
            """
        let article = try #require(HTMLPage(bytes: Array(html.utf8), contentType: nil, baseURL: "https://x.example/").readable())
        #expect(
            article.text
                == "Title\n\nFirst paragraph of the article, long enough to count, with a comma.\n\nline one\n  indented two\n\nSecond paragraph, with a soft line break in the source\nand a hard one."
        )
    }

    @Test func pageWithoutParagraphsHasNoArticle() {
        #expect(HTMLPage(bytes: Array("<p>short</p>".utf8), contentType: nil, baseURL: "https://x.example/").readable() == nil)
        #expect(HTMLPage(bytes: [], contentType: nil, baseURL: "https://x.example/").readable() == nil)
    }

    @Test func deepNestingStaysFast() {
        let html = String(repeating: "<div><span>", count: 1000) + "<p>" + String(repeating: "word, ", count: 40) + "</p>"
        let start = TestSupport.Clock.now()
        let page = HTMLPage(bytes: Array(html.utf8), contentType: nil, baseURL: "https://x.example/")
        let parsed = TestSupport.Clock.now()
        _ = page.archived(replacing: [:])
        #expect(page.readable()?.text.hasPrefix("word, word") == true)
        // gumbo's own parse is quadratic in the depth (its open-element scans); what is ours is not.
        #expect(
            TestSupport.Clock.now() - parsed < (parsed - start) + 1,
            "archive and readable took \(TestSupport.Clock.now() - parsed) s")
    }
}
