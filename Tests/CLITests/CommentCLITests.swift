import TestSupport
import Testing

/// `add --comment` through the real binary.
@Suite struct CommentCLITests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    @Test func quotedSegmentsAreTheTextAndTheRestTags() throws {
        let added = try cli.run("add", "--comment", "\u{201C}Leek soup\u{201D} #recipes 'don't salt early' dinner", "--tag", "x")
        #expect(added.status == 0 && added.output == "1\n", "\(added.stderr)")
        let json = try cli.run("list", "--json").output
        #expect(json.contains(#""text":"Leek soup\ndon't salt early""#) && json.contains(#""tags":["x","recipes","dinner"]"#))
    }

    @Test func onlyTagsTagTheTextGivenOtherwise() throws {
        #expect(try cli.run("add", "--comment", "#a b", "plain text").status == 0)
        #expect(try cli.run("list", "--tag", "b").output == "1\tplain text\n")
    }

    @Test func textTwiceOrABadTagStoresNothing() throws {
        let twice = try cli.run("add", "--comment", "'quoted'", "and text")
        #expect(twice.status == 64 && twice.stderr.hasPrefix("copypasta: "))
        let long = try cli.run("add", "--comment", "'text' " + String(repeating: "t", count: 65))
        #expect(long.status == 65 && long.stderr.hasPrefix("copypasta: bad tag"))
        #expect(try cli.run("list").output.isEmpty)
    }
}
