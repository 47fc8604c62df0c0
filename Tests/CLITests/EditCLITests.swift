import Glibc
import TestSupport
import Testing

/// `edit` with a scripted editor: a new entry from the edited text, the old one in the trash,
/// the temporary file 0600 in the runtime directory and always removed.
@Suite struct EditCLITests {
    let sandbox = Sandbox()

    /// The CLI with `script` (a shell script body) as the editor; the script sees the file as $1.
    func cli(editor script: String) -> CopypastaBinary {
        let editor = sandbox.write("editor.sh", "#!/bin/sh\n" + script + "\n", mode: 0o755)
        return CopypastaBinary(sandbox: sandbox, environment: ["VISUAL": editor, "EDITOR": "false"])
    }

    /// Files left in the runtime directory by the editor's runs.
    func leftovers() -> [String] {
        guard let directory = opendir(sandbox.root + "/run/copypasta") else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("edit-") { names.append(name) }
        }
        return names
    }

    func list(_ cli: CopypastaBinary, _ arguments: String...) throws -> String { try cli.run(["list"] + arguments).output }

    @Test func aChangedTextBecomesANewEntryWithTheOldTitleTagsAndPin() throws {
        let record = sandbox.root + "/seen"
        let cli = cli(editor: "stat -c '%a %n' \"$1\" > '\(record)'; printf 'edited text' > \"$1\"")
        #expect(try cli.run(["add", "--name", "sig", "--tag", "work", "original text"]).status == 0)
        try cli.run("tag", "1", "--collection", "mail")
        let edit = try cli.run("edit", "@sig")
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(edit.output == "2\n")
        #expect(try list(cli) == "2\t@sig: edited text\n")
        #expect(try cli.run("show", "@sig").output == "edited text")
        let json = try list(cli, "--json")
        #expect(json.contains(#""pinned":true"#) && json.contains(#""title":"sig""#), "\(json)")
        #expect(json.contains("\"work\"") && json.contains("\"collection:mail\""), "\(json)")
        #expect(try cli.run("trash").output.contains("1\toriginal text"))
        let seen = String(decoding: sandbox.read(record) ?? [], as: UTF8.self)
        #expect(seen.hasPrefix("600 " + sandbox.root + "/run/copypasta/edit-1-"), "\(seen)")
        #expect(leftovers().isEmpty)
        // Undoable: the old text comes back from the trash.
        #expect(try cli.run("undelete", "1").status == 0)
        #expect(try list(cli) == "2\t@sig: edited text\n1\toriginal text\n")
    }

    @Test(arguments: [("exit 0", "unchanged"), (": > \"$1\"", "empty"), ("printf '\\n' >> \"$1\"", "unchanged")])
    func anUnchangedOrEmptyFileChangesNothing(script: String, said: String) throws {
        let cli = cli(editor: script)
        try cli.run("add", "keep me")
        let edit = try cli.run("edit", "1")
        #expect(edit.status == 0)
        #expect(edit.output.isEmpty)
        #expect(edit.stderr == "copypasta: the text is \(said); nothing changed\n")
        #expect(try list(cli) == "1\tkeep me\n")
        #expect(try cli.run("trash").output.isEmpty)
        #expect(leftovers().isEmpty)
    }

    @Test func aFailingEditorChangesNothingAndExitsOne() throws {
        let cli = cli(editor: "printf 'half done' > \"$1\"; exit 3")
        try cli.run("add", "keep me")
        let edit = try cli.run("edit", "1")
        #expect(edit.status == 1)
        #expect(edit.stderr == "copypasta: the editor exited with status 3; nothing changed\n")
        #expect(try list(cli) == "1\tkeep me\n")
        #expect(leftovers().isEmpty)
        let missing = CopypastaBinary(sandbox: sandbox, environment: ["VISUAL": "", "EDITOR": "no-such-editor --flag"])
        let unavailable = try missing.run("edit", "1")
        #expect(unavailable.status == 69, "\(unavailable.stderr)")
        #expect(leftovers().isEmpty)
    }

    @Test func theEditorLineIsSplitIntoWordsWithoutAShell() throws {
        let script = sandbox.write("append.sh", "#!/bin/sh\nprintf ' %s' \"$1\" >> \"$2\"\n", mode: 0o755)
        let cli = CopypastaBinary(sandbox: sandbox, environment: ["VISUAL": "", "EDITOR": "\(script) 'two words'"])
        try cli.run("add", "text")
        #expect(try cli.run("edit", "1").status == 0)
        #expect(try cli.run("show", "2").output == "text two words")
    }

    @Test func aSecureEntryNeedsSecureAndStaysSecure() throws {
        // A second name for the file shows what the wipe left in it.
        let kept = sandbox.root + "/kept"
        let cli = cli(editor: "printf 'new secret' > \"$1\"; ln \"$1\" '\(kept)'")
        let add = try cli.run(["add", "--secure", "--passphrase-fd", "0", "old secret"], input: Array("pass phrase".utf8))
        #expect(add.status == 0, "\(add.stderr)")
        let refused = try cli.run("edit", "1")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("add --secure"))
        let wrong = try cli.run(["edit", "1", "--secure", "--passphrase-fd", "0"], input: Array("wrong".utf8))
        #expect(wrong.status == 77)
        let edit = try cli.run(["edit", "1", "--secure", "--passphrase-fd", "0"], input: Array("pass phrase".utf8))
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(try list(cli) == "2\t[secure]\n")
        let show = try cli.run(["show", "2", "--passphrase-fd", "0"], input: Array("pass phrase".utf8))
        #expect(show.output == "new secret")
        #expect(leftovers().isEmpty)
        #expect(sandbox.read(kept) == [UInt8](repeating: 0, count: 10))
    }

    @Test func titleAndTagsChangeWithoutAnEditor() throws {
        let cli = cli(editor: "exit 1")
        try cli.run("add", "--tag", "old", "text")
        try cli.run("tag", "1", "--collection", "box")
        #expect(try cli.run("edit", "1", "--title", "greeting", "--tags", "a, b").status == 0)
        let json = try list(cli, "--json")
        #expect(
            json.contains(#""tags":["collection:box","a","b"]"#) || json.contains(#""tags":["a","b","collection:box"]"#),
            "\(json)")
        #expect(json.contains(#""title":"greeting""#))
        #expect(try cli.run("edit", "1", "--tags", "", "--title", "").status == 0)
        let cleared = try list(cli, "--json")
        #expect(cleared.contains(#""tags":["collection:box"]"#) && !cleared.contains("title"), "\(cleared)")
        #expect(try cli.run("edit", "1", "--tags", "bad tag!").status == 64)
        #expect(try cli.run("edit", "1", "--pin").status == 0)
        #expect(try list(cli, "--json").contains(#""pinned":true"#))
        #expect(try cli.run("edit", "1", "--unpin").status == 0)
        #expect(try list(cli, "--json").contains(#""pinned":false"#))
        #expect(try cli.run("edit", "1", "--pin", "--unpin").status == 64)
    }
}
