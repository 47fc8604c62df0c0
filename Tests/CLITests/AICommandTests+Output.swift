import TestSupport
import Testing

/// The stored AI results in listings: `list --json`, `search --json` and `show --json` carry them, and a word
/// found only in a summary is found by `search` (the summary is the entry's `summary` body).
extension AICommandTests {
    @Test func summaryIsSearchableAndListedInJSON() throws {
        let fake = try provider("success")
        try add("Swift is a programming language; this note is about its X11 tools.")
        try add("an unrelated note")
        #expect(try cli.run("search", "summary").status == 1)
        #expect(!(try cli.run("list", "--json").output.contains(#""ai":"#)))
        #expect(try cli.run("ai", "summarize", "1").status == 0)
        #expect(fake.requests.count == 1)
        let found = try cli.run("search", "summary")
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.output.hasPrefix("1\t"))
        #expect(!found.output.contains("\n2\t"))
        let fields =
            #""ai":{"summary":"A short summary.","keyPoints":["first point","second point"],"#
            + #""tags":[],"model":"test-model-reported","at":""#
        for listing in [["list", "--json"], ["search", "--json", "summary"]] {
            let lines = try cli.run(listing).output.split(separator: "\n")
            let first = try #require(lines.first { $0.hasPrefix(#"{"id":1,"#) })
            #expect(first.contains(fields), "\(listing)")
            #expect(lines.allSatisfy { $0.hasPrefix(#"{"id":1,"#) || !$0.contains(#""ai":"#) })
        }
        #expect(try cli.run("show", "--json", "1").output.contains(fields))
        #expect(!(try cli.run("show", "--json", "2").output.contains(#""ai":"#)))
    }
}
