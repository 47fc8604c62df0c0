import TestSupport
import Testing

/// `order = used` with the real binary and daemon: a restore moves the entry to the top of
/// `list` and of `pick`, with its id; `order = captured` keeps the stored order.
@Suite(.serialized) struct UsedOrderCLITests {
    /// `list` after adding three texts and copying the first.
    func listAfterCopyingTheFirst(order: String) throws -> (list: String, picked: String, json: String) {
        let desktop = try Desktop(config: "feedback = none\norder = \(order)\n")
        try desktop.startDaemon()
        for text in ["first", "second", "third"] { #expect(try desktop.cli.run("add", text).status == 0) }
        let copy = try desktop.cli.run("copy", "1")
        #expect(copy.status == 0, "\(copy.stderr)")
        let list = try desktop.cli.run("list").output
        #expect(try desktop.cli.run("pick", "--first").status == 0)
        let picked = try desktop.paste().output
        let json = try desktop.cli.run("list", "--json", "--limit", "1").output
        return (list, picked, json)
    }

    @Test func aCopiedEntryMovesToTheTopWithUsed() throws {
        let (list, picked, json) = try listAfterCopyingTheFirst(order: "used")
        #expect(list == "1\tfirst\n3\tthird\n2\tsecond\n")
        #expect(picked == "first")
        #expect(json.hasPrefix(#"{"id":1,"#) && !json.contains(#""lastUsedAt":null"#), "\(json)")
    }

    @Test func theStoredOrderStaysWithCaptured() throws {
        let (list, picked, _) = try listAfterCopyingTheFirst(order: "captured")
        #expect(list == "3\tthird\n2\tsecond\n1\tfirst\n")
        #expect(picked == "third")
    }
}
