import CopypastaCore
import Testing

/// `add --comment`: quoted segments are the text, every other token a tag.
@Suite struct CommentTests {
    @Test(
        arguments: [
            (#""Great soup" recipes dinner"#, "Great soup", ["recipes", "dinner"]),
            ("\u{201C}Curly double\u{201D} #tag", "Curly double", ["tag"]),
            ("\u{2018}Curly single\u{2019} a", "Curly single", ["a"]),
            ("'single' b", "single", ["b"]),
            (#""one" tag "two""#, "one\ntwo", ["tag"]),
            (#"'don't stop' music"#, "don't stop", ["music"]),
            ("\u{2018}l\u{2019}homme qui rit\u{2019} livre", "l\u{2019}homme qui rit", ["livre"]),
            (#""He said 'hi' to me" quote"#, "He said 'hi' to me", ["quote"]),
            (#"'She wrote "yes"' x"#, "She wrote \"yes\"", ["x"]),
            ("don't l'homme", nil, ["don't", "l'homme"]),
            ("#one ## #two, three; one ONE", nil, ["one", "two", "three"]),
            (#""only quotes""#, "only quotes", []),
            (#""unbalanced text and more"#, "unbalanced text and more", []),
            (#"tag 'rest of it"#, "rest of it", ["tag"]),
            ("\u{1F372} \"soup \u{1F35C}\"", "soup \u{1F35C}", ["\u{1F372}"]),
            ("", nil, []),
            ("   ", nil, []),
            (#""" '' "  " x"#, nil, ["x"]),
            (#"abc"def ghi""#, nil, ["abc\"def", "ghi\""]),
            ("\u{201E}German\u{201D} de", "German", ["de"]),
        ] as [(String, String?, [String])])
    func segmentsAreTextAndTokensAreTags(comment: String, text: String?, tags: [String]) {
        #expect(ShareComment.parse(comment) == ShareComment(text: text, tags: tags))
    }

    @Test func newlinesInsideSegmentsStayAndSegmentsAreTrimmed() {
        #expect(ShareComment.parse("\" a\nb \"\t'c'") == ShareComment(text: "a\nb\nc", tags: []))
    }

    @Test func hostileInputsEndWithoutTrapping() {
        for comment in ["\"", "'", "\u{201C}", "#", "''''", "\"'\"'", String(repeating: "'a ", count: 500), "\u{0}\"\u{0}"] {
            _ = ShareComment.parse(comment)
        }
        #expect(ShareComment.parse("#").tags.isEmpty && ShareComment.parse("\"").text == nil)
    }
}
