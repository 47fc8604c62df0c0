import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// `re:PATTERN` runs inside the query as `copypasta_regexp` (PCRE2), with the other filters.
@Suite struct RegexSearchTests {
    let sandbox = Sandbox()

    func seeded(_ texts: [String], tags: [Int: [String]] = [:]) throws -> HistoryStore {
        let store = try HistoryStore(path: sandbox.database)
        for (offset, text) in texts.enumerated() {
            try store.add(
                text, at: Timestamp(microseconds: Int64(offset + 1)), policy: .keep, maxEntries: 0,
                tags: tags[offset + 1] ?? [])
        }
        return store
    }

    func ids(_ store: HistoryStore, _ query: String, ignoreCase: Bool = false, limit: Int? = nil) throws -> [Int64] {
        var parsed = try SearchQuery.parse(query)
        parsed.patternsIgnoreCase = ignoreCase
        return try store.search(parsed, order: .recent, limit: limit).map(\.id)
    }

    @Test func patternsSelectByTextAndCombineWithWordsTagsAndEachOther() throws {
        let store = try seeded(
            ["https://example.org/a", "call 555-1234 now", "Order 42 shipped", "order 7 lost\nsecond line", "plain"],
            tags: [3: ["work"], 4: ["work"]])
        #expect(try ids(store, #"re:^https?://"#) == [1])
        #expect(try ids(store, #"re:\d{3}-\d{4}"#) == [2])
        #expect(try ids(store, #"re:\d+"#) == [4, 3, 2])
        #expect(try ids(store, #"re:\d+ tag:work"#) == [4, 3])
        #expect(try ids(store, #"order re:\d"#) == [4, 3])
        #expect(try ids(store, #"re:^order re:lost"#) == [4])
        #expect(try ids(store, #"re:\d+"#, limit: 1) == [4])
        #expect(try ids(store, "re:nothing-like-this").isEmpty)
    }

    @Test func caseAndLinesFollowTheDocumentedOptions() throws {
        let store = try seeded(["Order 42", "order 7\nsecond line"])
        #expect(try ids(store, "re:^order") == [2])
        #expect(try ids(store, "re:^order", ignoreCase: true) == [2, 1])
        #expect(try ids(store, "re:(?i)^ORDER") == [2, 1])
        #expect(try ids(store, "re:^second line$") == [2])
        #expect(try ids(store, #"re:"^\w+ \d$""#) == [2])
        #expect(try ids(store, "re:Ørder|ü") == [])
    }

    @Test func aBadPatternNamesItsOffset() throws {
        let store = try seeded(["x"])
        #expect(throws: StoreError.badRegex(offset: 4, reason: "missing closing parenthesis")) {
            try ids(store, "re:(abc")
        }
        let error = StoreError.badRegex(offset: 4, reason: "missing closing parenthesis")
        #expect(error.exitStatus == .usage)
        #expect(error.description == "bad regular expression at offset 4: missing closing parenthesis")
    }

    @Test func aCatastrophicPatternGivesUpPerTextAndIsCounted() throws {
        let long = String(repeating: "a", count: 4000) + "b"
        let store = try seeded(Array(repeating: long, count: 20) + ["aaa"])
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try ids(store, "re:(a+)+$") == [21])
        #expect(clock.now - start < .seconds(HistoryStore.defaultRegexSeconds))
        #expect(store.regexGaveUp == 20)
    }

    @Test func aSearchPastItsDeadlineFails() throws {
        let long = String(repeating: "a", count: 4000) + "b"
        let store = try seeded(Array(repeating: long, count: 200))
        store.regexSeconds = 0.05
        #expect(throws: StoreError.regexDeadline(seconds: 0.05)) { try ids(store, "re:(a+)+$") }
        #expect(StoreError.regexDeadline(seconds: 5).exitStatus == .busy)
        // The connection stays usable: the next search has a deadline of its own.
        store.regexSeconds = 5
        #expect(try ids(store, "re:^a{3}").count == 200)
    }

    @Test func aSecureEntryIsNeverMatched() throws {
        let store = try seeded(["token 12345", "token 67890"])
        try store.makeSecure(id: 1, key: store.secureKey(passphrase: Array("passphrase".utf8), create: true))
        #expect(try ids(store, #"re:"token \d+""#) == [2])
    }

    @Test func findAppliesThePatternToSnippetsAndWordHits() throws {
        let store = try seeded(["deploy script v1", "deploy script v22", "deploy notes"])
        try store.setTitle(id: 3, "deploy")
        let found = try store.find("deploy", filters: SearchQuery.parse(#"re:v\d\d"#), limit: 10).map(\.id)
        #expect(found == [2])
    }
}
