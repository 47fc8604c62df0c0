import Glibc
import TestSupport
import Testing

/// What a new user meets first: messages that name the real problem, commands that only read
/// and create nothing, names with spaces, a config file that says what is wrong with it.
@Suite struct NewUserCLITests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    private func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    @Test func pickWithoutDisplaySaysDisplayIsUnset() throws {
        #expect(try cli.run("add", "something").status == 0)
        // rofi and dmenu are installed here; standard error is a pipe, so fzf does not apply.
        let result = try CopypastaBinary(sandbox: sandbox, environment: ["DISPLAY": ""]).run("pick")
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("copypasta: DISPLAY is not set"), "\(result.stderr)")
        #expect(!result.stderr.contains("no launcher found"))
    }

    @Test func collectionNamesMayHoldSpaces() throws {
        #expect(try cli.run("add", "pancakes").status == 0)
        #expect(try cli.run("add", "not a recipe").status == 0)
        let tagged = try cli.run("tag", "1", "--collection", "My recipes")
        #expect(tagged.status == 0, "\(tagged.stderr)")
        #expect(try cli.run("collections").output == "My recipes\t1\n")
        #expect(try cli.run("search", "collection:\"my recipes\"").output == "1\tpancakes\n")
        #expect(try cli.run("list", "--collection", "My recipes").output == "1\tpancakes\n")
        #expect(
            try cli.run("list", "--json", "--limit", "1", "--offset", "1").output.contains(#""tags":["collection:My recipes"]"#))
        // Plain tags stay single words, and a collection name is not padded with spaces.
        #expect(try cli.run("tag", "2", "two words").status == 65)
        #expect(try cli.run("tag", "2", "--collection", " padded").status == 65)
    }

    @Test func aMistypedCommandGetsTheNearestName() throws {
        let result = try cli.run("lsit")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("copypasta: unknown command 'lsit'; did you mean 'list'?"), "\(result.stderr)")
        let nested = try cli.run("trash", "emtpy")
        #expect(nested.status == 64)
        #expect(nested.stderr.contains("did you mean 'trash empty'?"), "\(nested.stderr)")
        #expect(try cli.run("xyzzy").stderr.hasPrefix("copypasta: unknown command 'xyzzy' (see"))
    }

    @Test(arguments: [["list"], ["show", "1"], ["search", "word"], ["status"], ["tags"], ["export"], ["trash", "list"]])
    func readingCommandsCreateNoDatabase(arguments: [String]) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("copypasta: no history database at \(sandbox.database) yet"), "\(result.stderr)")
        #expect(!exists(sandbox.database))
        #expect(!exists(sandbox.root + "/data/copypasta"))
    }

    @Test(arguments: [["list"], ["show", "1"], ["search", "word"], ["status"], ["tags"], ["export"]])
    func readingCommandsRefuseADatabaseInTheSyncFolder(arguments: [String]) throws {
        let folder = sandbox.root + "/synced"
        #expect(Child.runQuietly(["mkdir", "-p", folder]) == 0)
        sandbox.write("config/copypasta/copypasta.conf", "sync-folder = \(folder)\n")
        let result = try cli.run(arguments + ["--db", folder + "/history.sqlite3"])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(!exists(folder + "/history.sqlite3"))
    }

    @Test func aKeyGivenTwiceIsAnError() throws {
        let config = sandbox.write("config/copypasta/copypasta.conf", "max-entries = 10\nfeedback = none\nmax-entries = 20\n")
        let result = try cli.run("config")
        #expect(result.status == 78)
        #expect(result.stderr.contains("\(config):3"), "\(result.stderr)")
        #expect(result.stderr.contains("max-entries is set twice (first at line 1)"), "\(result.stderr)")
    }

    @Test(arguments: ["max-entries = 10\r", "feedback = none\nmax-entries = 10\r\n", "max-entries = 10\r\nfeedback = none\n"])
    func aStrayCarriageReturnIsAnError(contents: String) throws {
        sandbox.write("config/copypasta/copypasta.conf", contents)
        let result = try cli.run("config")
        #expect(result.status == 78)
        #expect(result.stderr.contains("a carriage return"), "\(result.stderr)")
    }

    @Test func aFileSavedWithCRLFLineEndsIsRead() throws {
        sandbox.write("config/copypasta/copypasta.conf", "\u{FEFF}max-entries = 10\r\nfeedback = none\r\n")
        let result = try cli.run("config")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(arguments: [["list"], ["status"], ["add", "text"], ["delete", "1"], ["daemon"]])
    func aFifoAtTheDatabasePathIsRefusedAtOnce(arguments: [String]) throws {
        let fifo = sandbox.root + "/fifo.sqlite3"
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try cli.run(arguments + ["--db", fifo], timeout: 10)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("is not a regular file"), "\(result.stderr)")
    }
}
