import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// `search --regex` and `re:` through the real binary: output, exit statuses, the deadline.
@Suite struct RegexSearchCLITests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    func seed(_ texts: [String]) throws {
        let store = try HistoryStore(path: sandbox.database)
        for (offset, text) in texts.enumerated() {
            try store.add(text, at: Timestamp(microseconds: Int64(offset + 1)), policy: .keep, maxEntries: 0)
        }
    }

    @Test func aMatchANonMatchAndTheOtherFilters() throws {
        try seed(["ticket ABC-123 open", "ticket abc-9 closed", "lunch"])
        let match = try cli.run("search", "--regex", #"[A-Z]{3}-\d+"#)
        #expect(match.status == 0 && match.output == "1\tticket ABC-123 open\n", "\(match.stderr)")
        let caseless = try cli.run("search", "-i", "--regex", #"^ticket [A-Z]{3}-\d+"#, "--sort", "recent")
        #expect(caseless.output == "2\tticket abc-9 closed\n1\tticket ABC-123 open\n", "\(caseless.stderr)")
        let inQuery = try cli.run("search", "closed", #"re:"abc-\d closed$""#)
        #expect(inQuery.output == "2\tticket abc-9 closed\n", "\(inQuery.stderr)")
        let none = try cli.run("search", "--regex", #"^\d+$"#)
        #expect(none.status == 1 && none.output.isEmpty && none.stderr.isEmpty)
        let find = try cli.run("find", "ticket", #"re:ABC-\d+"#)
        #expect(find.output == "1\tticket ABC-123 open\n", "\(find.stderr)")
    }

    @Test func aBadPatternIsAUsageError() throws {
        try seed(["x"])
        let bad = try cli.run("search", "--regex", "a(b")
        #expect(bad.status == 64)
        #expect(bad.stderr == "copypasta: bad regular expression at offset 3: missing closing parenthesis\n")
        #expect(try cli.run("search", "re:[z-a]").status == 64)
        #expect(try cli.run("search").status == 64)
    }

    @Test func aCatastrophicPatternOverLongEntriesEndsWithinTheDeadline() throws {
        try seed(Array(repeating: String(repeating: "a", count: 3000) + "b", count: 300) + ["aaaa"])
        let clock = ContinuousClock()
        let start = clock.now
        let result = try cli.run("search", "--regex", "(a+)+$")
        let elapsed = clock.now - start
        #expect(elapsed < .seconds(HistoryStore.defaultRegexSeconds + 2), "\(elapsed)")
        // Every long entry gives up at PCRE2's limits (reported), unless the deadline came first.
        if result.status == 0 {
            #expect(result.output == "301\taaaa\n")
            #expect(result.stderr.hasPrefix("copypasta: the regular expression gave up on 300 entries"), "\(result.stderr)")
        } else {
            #expect(result.status == 75, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("copypasta: the regular expression search ran past its deadline of 5 s"))
        }
    }
}
