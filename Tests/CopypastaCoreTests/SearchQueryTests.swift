import CopypastaCore
import Testing

@Suite struct SearchQueryTests {
    @Test func wordsPrefixesAndPhrasesBecomeQuotedTerms() throws {
        let query = try SearchQuery.parse(#"hello wor* "exact phrase""#)
        #expect(query.terms == [.word("hello"), .prefix("wor"), .phrase("exact phrase")])
        #expect(query.matchExpression == #""hello" "wor"* "exact phrase""#)
    }

    @Test func filtersAreParsed() throws {
        let query = try SearchQuery.parse("tag:Work app:firefox source:primary pinned:yes before:2026-02-01 after:2026-01-01 x")
        #expect(query.tags == ["Work"])
        #expect(query.apps == ["firefox"])
        #expect(query.sources == [.primary])
        #expect(query.pinned == true)
        #expect(query.before != nil && query.after != nil)
        #expect(query.after! < query.before!)
        #expect(query.terms == [.word("x")])
    }

    @Test func filterOnlyQueryHasNoMatchExpression() throws {
        let query = try SearchQuery.parse("pinned:no")
        #expect(query.matchExpression == nil)
        #expect(query.pinned == false)
    }

    @Test func quotedFilterValueMayHoldSpaces() throws {
        let query = try SearchQuery.parse(#"app:"My App" word"#)
        #expect(query.apps == ["My App"])
        #expect(query.terms == [.word("word")])
    }

    @Test(arguments: [#"""#, #"""""#, "*", "***", "\u{0}", "!!!", "   ", "AND", "(", "NEAR("])
    func hostileInputGivesAResultOrAUsageError(input: String) {
        do {
            let query = try SearchQuery.parse(input)
            for term in query.terms {
                switch term {
                case let .word(text), let .prefix(text), let .phrase(text): #expect(!text.isEmpty)
                }
            }
        } catch {
            #expect(error.exitStatus == .usage)
        }
    }

    @Test func innerQuotesAreDoubled() throws {
        let query = try SearchQuery.parse(#"say"hi"#)
        let expression = try #require(query.matchExpression)
        #expect(!expression.contains(#"say"hi"#) || expression.contains(#""""#))
    }

    @Test func operatorsAreSearchedAsWords() throws {
        let query = try SearchQuery.parse("cats OR NOT dogs")
        #expect(query.matchExpression == #""cats" "OR" "NOT" "dogs""#)
    }

    @Test func tenKilobyteQueryIsAUsageError() {
        let huge = Array(repeating: "word", count: 2500).joined(separator: " ")
        #expect(throws: CoreError.self) { try SearchQuery.parse(huge) }
    }

    @Test func tenKilobyteSingleWordIsAccepted() throws {
        let query = try SearchQuery.parse(String(repeating: "a", count: 10_000))
        #expect(query.terms.count == 1)
    }

    @Test(arguments: ["tag:", "pinned:maybe", "before:yesterday", "after:2026-13-01", "source:mail"])
    func badFiltersAreUsageErrors(input: String) {
        #expect(throws: CoreError.self) { try SearchQuery.parse(input) }
    }

    @Test func unknownKeyIsAWord() throws {
        let query = try SearchQuery.parse("http://example.com")
        #expect(query.terms == [.word("http://example.com")])
    }
}
