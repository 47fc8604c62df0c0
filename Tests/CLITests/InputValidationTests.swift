import Glibc
import TestSupport
import Testing

/// Bad input is refused before anything is written, with a message that names what and where.
@Suite struct InputValidationTests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    func config(_ contents: String) {
        sandbox.write("config/copypasta/copypasta.conf", contents)
    }

    func entryCount() throws -> Int {
        try cli.run("list").output.split(separator: "\n").count
    }

    @Test(arguments: [
        ("max-bytes = 1e30K", "max-bytes"), ("hook-timeout = 1e300s", "hook-timeout"),
        ("convert-timeout = 1e20ms", "convert-timeout"), ("max-entries = 1e3", "max-entries"),
    ])
    func overflowingConfigNumbersExit78NamingFileLineAndKey(line: String, key: String) throws {
        config("# comment\n\(line)\n")
        let result = try cli.run("config")
        #expect(result.status == 78)
        #expect(result.stderr.contains("copypasta.conf:2: \(key): expected"), "\(result.stderr)")
    }

    /// A FIFO would block the open until a writer comes: the daemon at SIGHUP, `pick` on a hotkey.
    @Test(arguments: ["fifo", "directory"])
    func aConfigThatIsNotARegularFileExits78AtOnce(kind: String) throws {
        let path = sandbox.root + "/config.\(kind)"
        #expect((kind == "fifo" ? mkfifo(path, 0o600) : mkdir(path, 0o700)) == 0)
        let result = try cli.run(["--config", path, "config"], timeout: 20)
        #expect(result.status == 78)
        #expect(result.stderr.hasPrefix("copypasta: \(path):0: "), "\(result.stderr)")
    }

    /// A collection without a name cannot be listed or searched, so it cannot be made either.
    @Test func anEmptyTagOrCollectionNameIsRefused() throws {
        #expect(try cli.run("add", "entry").status == 0)
        for arguments in [["tag", "1", "collection:"], ["tag", "1", "--collection", ""], ["add", "--tag", "Collection:", "x"]] {
            let result = try cli.run(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr.hasPrefix("copypasta: bad collection ''"), "\(arguments): \(result.stderr)")
        }
        for arguments in [["list", "--tag", ""], ["list", "--collection", ""]] {
            #expect(try cli.run(arguments).status == 64, "\(arguments)")
        }
        #expect(try cli.run("tags").output == "")
    }

    @Test func crlfConfigWithAByteOrderMarkIsRead() throws {
        config("\u{FEFF}ignore-apps = KeePassXC\r\nmax-entries = 9\r\n")
        let result = try cli.run("config")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output.contains("ignore-apps = KeePassXC\t# "))
        #expect(result.output.contains("max-entries = 9\t# "))
    }

    @Test func aBadTagStoresNothing() throws {
        let result = try cli.run("add", "--tag", "a b", "text")
        #expect(result.status == 65)
        #expect(result.stderr.contains("bad tag 'a b'"))
        #expect(try entryCount() == 0)
    }

    @Test func anUnwritableStandardOutputStoresNothing() throws {
        let child = try Child(
            [CopypastaBinary.path, "add", "--pin", "--tag", "t", "x"], environment: sandbox.environment,
            stdoutPath: "/dev/full")
        let result = child.communicate()
        #expect(result.status == 74)
        #expect(try entryCount() == 0)
        #expect(try cli.run("add", "x").output == "1\n")
    }

    @Test func addRefusesStandardInputOverMaxBytesWithoutReadingItAll() throws {
        config("max-bytes = 1K\n")
        // add stops reading early, so feeding it meets a closed pipe; children get SIGPIPE back by default.
        signal(SIGPIPE, SIG_IGN)
        let result = try cli.run(["add"], input: [UInt8](repeating: 0x61, count: 8 << 20))
        #expect(result.status == 65)
        #expect(result.stderr.contains("more than max-bytes (1024 bytes)"))
        #expect(try entryCount() == 0)
    }

    @Test func negativeIdsSayWhatIsWrong() throws {
        let result = try cli.run("show", "-1")
        #expect(result.status == 64)
        #expect(result.stderr.contains("'-1' is not an entry id"))
        let option = try cli.run("list", "--limit", "-1")
        #expect(option.status == 64)
        #expect(option.stderr.hasPrefix("copypasta: --limit takes a whole number from 0, not '-1'"), "\(option.stderr)")
        let flag = try cli.run("list", "-0", "--bogus")
        #expect(flag.status == 64 && flag.stderr.contains("--bogus"), "\(flag.stderr)")
    }

    @Test func impossibleDatesInQueriesAreUsageErrors() throws {
        let result = try cli.run("search", "before:2026-02-30")
        #expect(result.status == 64)
        #expect(result.stderr.contains("bad date '2026-02-30'"))
    }

    @Test(arguments: [
        (#"{"text":"b","capturedAt":"2026-02-30T10:00:00Z"}"#, "line 2: capturedAt '2026-02-30T10:00:00Z'"),
        (#"{"text":"b","capturedAt":"2026-01-01T10:00:00+99:99"}"#, "line 2: capturedAt"),
        (#"{"text":""}"#, "line 2: the text is empty"),
        (#"{"text":"b","source":"\ufeffclipboard"}"#, "line 2: unknown source '<U+FEFF>clipboard'"),
        (#"{"text":"b","tags":["a b"]}"#, "line 2: bad tag 'a b'"),
        ("not json", "line 2: not a copypasta JSON object"),
    ])
    func importErrorsNameTheLine(line: String, message: String) throws {
        let file = sandbox.write("in.jsonl", "{\"text\":\"a\"}\n\(line)\n")
        let result = try cli.run("import", file)
        #expect(result.status == 65)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func importSkipsEntriesOverMaxBytesNamingTheirLines() throws {
        config("max-bytes = 1K\n")
        let long = String(repeating: "x", count: 300_000)
        let escaped = String(repeating: #"\n"#, count: 1000)
        let lines = [#"{"text":"a"}"#, #"{"text":"\#(long)"}"#, #"{"text":"b"}"#, #"{"text":"\#(escaped)"}"#, #"{"text":"c"}"#]
        let file = sandbox.write("in.jsonl", lines.joined(separator: "\n"))
        let result = try cli.run("import", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("line 2: skipped, its text is longer than max-bytes (1024 bytes)"))
        #expect(!result.stderr.contains("line 4"))
        #expect(result.stderr.contains("imported 4 entries, skipped 0 duplicates, skipped 1 entries longer than max-bytes"))
        #expect(try entryCount() == 4)
    }

    @Test func parserMessagesShowInvisibleCharactersAndStayShort() throws {
        let bom = try cli.run("show", "\u{FEFF}1")
        #expect(bom.status == 64)
        #expect(bom.stderr.contains("'<U+FEFF>1'"), "\(bom.stderr)")
        let long = try cli.run("show", String(repeating: "9x", count: 5000))
        #expect(long.status == 64)
        #expect(long.stderr.count < 400)
    }
}
