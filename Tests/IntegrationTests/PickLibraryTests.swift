import TestSupport
import Testing

/// `pick` offers neither trashed entries, and narrows to a collection or a kind.
@Suite(.serialized) struct PickLibraryTests {
    @Test func pickOffersTheChosenCollectionOrKindAndNeverTheTrash() throws {
        // archive-links = off: a link added by hand is then not queued, so the menu shows no archive state.
        let desktop = try Desktop(config: "feedback = none\narchive-links = off\n")
        try desktop.startDaemon()
        try desktop.cli.run("add", "https://example.com/recipe", "--tag", "collection:Food")
        try desktop.cli.run("add", "soup notes", "--tag", "collection:food")
        try desktop.cli.run("add", "trashed link https://x.org")
        try desktop.cli.run("add", "https://trashed.example.org")
        #expect(try desktop.cli.run("delete", "4").status == 0)
        let menu = desktop.sandbox.root + "/menu.txt"
        var cli = desktop.cli
        cli.environment["COPYPASTA_LAUNCHER"] = desktop.sandbox.write(
            "launcher.sh", "#!/bin/sh\ntee '\(menu)' | head -n 1\n", mode: 0o755)
        #expect(try cli.run("pick", "--collection", "FOOD").status == 0)
        #expect(
            String(decoding: desktop.sandbox.read(menu) ?? [], as: UTF8.self) == "2\tsoup notes\n1\thttps://example.com/recipe\n")
        #expect(try desktop.paste().output == "soup notes")
        #expect(try cli.run("pick", "--kind", "link").status == 0)
        #expect(String(decoding: desktop.sandbox.read(menu) ?? [], as: UTF8.self) == "1\thttps://example.com/recipe\n")
        #expect(try desktop.paste().output == "https://example.com/recipe")
    }
}
