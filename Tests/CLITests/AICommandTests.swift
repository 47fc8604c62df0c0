import Glibc
import TestSupport
import Testing

/// `copypasta ai` end to end: the real binaries against the fake provider on loopback
/// (Tests/Fixtures/ai/provider.py), both API shapes, every failure mode.
@Suite struct AICommandTests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }
    static let key = "sk-test-0123456789abcdef"

    /// A provider in `mode` and a config pointing at it, the key in a 0600 file.
    func provider(_ mode: String, shape: String = "anthropic", extra: String = "") throws -> FakeProvider {
        let fake = try FakeProvider(mode: mode, key: Self.key, directory: sandbox.root)
        sandbox.write("key", Self.key + "\n", mode: 0o600)
        let endpoint = shape == "openai" ? fake.endpoint + "/v1" : fake.endpoint
        sandbox.write(
            "config/copypasta/copypasta.conf",
            "ai-provider = \(shape)\nai-model = test-model\nai-endpoint = \(endpoint)\nai-key-file = ~/key\n" + extra)
        return fake
    }

    func add(_ text: String) throws {
        let result = try cli.run(["add", text])
        #expect(result.status == 0, "\(result.stderr)")
    }

    func sqlite(_ sql: String) throws -> String {
        try Child(["sqlite3", sandbox.database, sql]).communicate().output
    }

    @Test(arguments: ["anthropic", "openai"])
    func summarizeStoresSummaryKeyPointsAndASearchableBody(shape: String) throws {
        let fake = try provider("success", shape: shape)
        try add("Swift is a programming language; this note is about its X11 tools.")
        let run = try cli.run("ai", "summarize", "1")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output == "1\tA short summary.\n\t- first point\n\t- second point\n")
        #expect(fake.requests == [shape == "openai" ? "ok /v1/chat/completions" : "ok /v1/messages"])
        #expect(
            try sqlite("SELECT summary, key_points, model FROM entry_ai")
                == "A short summary.|first point\nsecond point|test-model-reported\n")
        #expect(try sqlite("SELECT text FROM entry_body WHERE source = 'summary'") == "A short summary.\n")
        let shown = try cli.run("show", "--ai", "1").output
        #expect(shown.hasPrefix("A short summary.\n- first point\n- second point\nmodel: test-model-reported\n"))
        #expect(try cli.run("ai", "clear", "1").status == 0)
        #expect(try sqlite("SELECT count(*) FROM entry_ai") == "0\n")
        #expect(try sqlite("SELECT count(*) FROM entry_body WHERE source = 'summary'") == "0\n")
        #expect(try cli.run("show", "--ai", "1").status == 1)
    }

    @Test func tagsAreCleanedPrintedStoredAndAppliedOnlyWithApply() throws {
        let fake = try provider("success", shape: "openai")
        try add("notes about swift")
        #expect(try cli.run("tag", "1", "Swift").status == 0)
        let review = try cli.run("ai", "tags", "1")
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.output == "1\tSwift x11 collection:Work ab\n")
        #expect(try cli.run("list", "--json").output.contains(#""tags":["Swift"]"#))
        #expect(try cli.run("ai", "tags", "--apply", "1").status == 0)
        let applied = try cli.run("list", "--json").output
        for tag in ["Swift", "x11", "collection:Work", "ab"] { #expect(applied.contains("\"\(tag)\"")) }
        #expect(fake.requests.count == 2)
        #expect(try cli.run("ai", "ask", "1", "what is it?").output == "forty-two\n")
    }

    @Test func dryRunPrintsTheExactBodyWithTheKeyMaskedAndSendsNothing() throws {
        let fake = try provider("success", extra: "ai-max-chars = 500\n")
        try add(String(repeating: "word ", count: 400))
        let run = try cli.run("ai", "summarize", "--dry-run", "1")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output.hasPrefix("POST \(fake.endpoint)/v1/messages\n"))
        #expect(run.output.contains("x-api-key: ********\n"))
        #expect(!run.output.contains(Self.key))
        #expect(run.output.contains(#"{"model":"test-model","max_tokens":800"#))
        #expect(run.stderr.contains("the text was cut to 500 of 2000 characters (ai-max-chars)"))
        #expect(fake.requests.isEmpty)
    }

    @Test func refusedKeyExits77WithoutTheKey() throws {
        let fake = try provider("401")
        try add("hello")
        let run = try cli.run("ai", "summarize", "1")
        #expect(fake.requests == ["ok /v1/messages"])
        #expect(run.status == 77)
        #expect(run.stderr.hasPrefix("copypasta: the provider refused the key (HTTP 401: invalid x-api-key)"))
        #expect(!run.stderr.contains(Self.key))
        #expect(try sqlite("SELECT count(*) FROM entry_ai") == "0\n")
    }

    @Test func retryAfterIsHonouredOnce() throws {
        let fake = try provider("429")
        try add("hello")
        let run = try cli.run("ai", "tags", "1")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(fake.requests.count == 2)
    }

    @Test func anOverloadedProviderGivesUpWith75AndItsWords() throws {
        let fake = try provider("busy")
        try add("hello")
        let run = try cli.run("ai", "summarize", "1")
        #expect(run.status == 75)
        #expect(run.stderr.contains("HTTP 529: Overloaded"))
        #expect(fake.requests.count == 3)
    }

    @Test(arguments: [("malformed", Int32(76)), ("truncated", 76), ("cut", 69)])
    func badRepliesStoreNothing(mode: String, status: Int32) throws {
        let fake = try provider(mode)
        try add("hello")
        let run = try cli.run("ai", "summarize", "1")
        #expect(fake.requests == ["ok /v1/messages"])
        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("copypasta: "))
        #expect(try sqlite("SELECT count(*) FROM entry_ai") == "0\n")
    }

    /// While the provider stalls, the key is nowhere in the process table, the command lines or
    /// the environments of the running processes; the deadline then ends the request (69).
    @Test func stallTimesOutAndTheKeyNeverShowsInTheProcessTable() throws {
        let fake = try provider("stall", extra: "ai-timeout = 3s\n")
        try add("hello")
        let running = try cli.start(["ai", "summarize", "1"])
        #expect(waitUntil(seconds: 10) { fake.requests.count == 1 })
        let table = try Child(["ps", "-eo", "pid,args"]).communicate().output
        #expect(table.contains("copypasta-ai"))
        #expect(!table.contains(Self.key))
        let own = running.pid
        for file in ["cmdline", "environ"] {
            let bytes = sandbox.read("/proc/\(own)/\(file)") ?? []
            #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.key))
        }
        let result = running.communicate(timeout: 30)
        #expect(result.status == 69)
        #expect(result.stderr.contains("did not answer within 3 s"))
        #expect(!result.stderr.contains(Self.key))
    }

    @Test func missingSettingsAreNamedWith78() throws {
        try add("hello")
        let none = try cli.run("ai", "summarize", "1")
        #expect(none.status == 78 && none.stderr.contains("ai-provider"))
        sandbox.write("config/copypasta/copypasta.conf", "ai-provider = openai\nai-model = m\n")
        let noKey = try cli.run("ai", "summarize", "1")
        #expect(noKey.status == 78 && noKey.stderr.contains("ai-key-file"))
        sandbox.write("key", Self.key + "\n", mode: 0o644)
        sandbox.write("config/copypasta/copypasta.conf", "ai-provider = openai\nai-model = m\nai-key-file = ~/key\n")
        let open = try cli.run("ai", "summarize", "1")
        #expect(open.status == 78 && open.stderr.contains("chmod 600"))
        #expect(!open.stderr.contains(Self.key))
        #expect(try cli.run("ai", "summarize", "9").status == 66)
    }
}
