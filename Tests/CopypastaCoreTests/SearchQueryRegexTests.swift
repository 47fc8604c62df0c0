import CopypastaCore
import Testing

/// `re:PATTERN` in a query: a filter that keeps the pattern as written, beside the others.
@Suite struct SearchQueryRegexTests {
    @Test func aRegexFilterKeepsItsPatternAsWritten() throws {
        let query = try SearchQuery.parse(#"re:^https?://[a-z]+\.org$"#)
        #expect(query.patterns == [#"^https?://[a-z]+\.org$"#])
        #expect(query.terms.isEmpty)
        #expect(query.matchExpression == nil)
        #expect(query.hasFilters)
    }

    @Test func aQuotedPatternMayHoldSpacesAndCombinesWithOtherFilters() throws {
        let query = try SearchQuery.parse(#"invoice re:"total: \d+ EUR" tag:work RE:x{2}"#)
        #expect(query.patterns == [#"total: \d+ EUR"#, "x{2}"])
        #expect(query.tags == ["work"])
        #expect(query.terms == [.word("invoice")])
        #expect(query.findText == "invoice")
    }

    @Test func anEmptyPatternIsAUsageError() {
        #expect(throws: CoreError.self) { try SearchQuery.parse("re:") }
        #expect(throws: CoreError.self) { try SearchQuery.parse(#"re:"""#) }
    }
}
