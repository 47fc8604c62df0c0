import TestSupport
import Testing

/// What is never sent (copypasta(1) ai): secure, local-only, ignore-apps and ignore-patterns
/// entries. The fake provider holds each refused text in its forbidden list, so a request that
/// carried one would be logged as a violation; none may arrive at all.
@Suite struct AIRefusalTests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }
    static let key = "sk-test-refusals-42"

    func provider() throws -> FakeProvider {
        let fake = try FakeProvider(mode: "success", key: Self.key, directory: sandbox.root)
        sandbox.write("key", Self.key + "\n", mode: 0o600)
        sandbox.write(
            "config/copypasta/copypasta.conf",
            """
            ai-provider = anthropic
            ai-model = test-model
            ai-endpoint = \(fake.endpoint)
            ai-key-file = ~/key
            ignore-apps = KeePassXC
            ignore-patterns = "ghp_[A-Za-z0-9]{20,}"

            """)
        sandbox.write(
            "forbidden.txt",
            "secret-passphrase-text\nlocal-only-text\nfrom-the-password-manager\nghp_abcdefghijklmnopqrstuvwxyz\n")
        return fake
    }

    func refused(_ arguments: [String], because reason: String, fake: FakeProvider) throws {
        let run = try cli.run(["ai"] + arguments)
        #expect(run.status == 77, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("copypasta: entry ") && run.stderr.contains(reason))
        #expect(run.stderr.contains("nothing was sent"))
        #expect(fake.requests.isEmpty)
    }

    @Test func secureEntriesAreNeverSent() throws {
        let fake = try provider()
        let add = try cli.run(
            ["add", "--secure", "--passphrase-fd", "0", "secret-passphrase-text"], input: Array("pass phrase".utf8))
        #expect(add.status == 0, "\(add.stderr)")
        try refused(["summarize", "1"], because: "is secure", fake: fake)
        try refused(["tags", "--dry-run", "1"], because: "is secure", fake: fake)
    }

    @Test func localOnlyEntriesAreNeverSent() throws {
        let fake = try provider()
        #expect(try cli.run("add", "local-only-text").status == 0)
        #expect(try cli.run("local", "1").status == 0)
        try refused(["ask", "1", "what is it?"], because: "is local-only", fake: fake)
    }

    @Test func entriesOfIgnoredAppsAreNeverSent() throws {
        let fake = try provider()
        let line = #"{"text":"from-the-password-manager","sourceApp":"keepassxc"}"# + "\n"
        #expect(try cli.run(["import", "-"], input: Array(line.utf8)).status == 0)
        try refused(["summarize", "1"], because: "ignore-apps", fake: fake)
    }

    /// One refused entry among good ones stops the whole run before anything is sent.
    @Test func secretLookingTextStopsTheWholeRun() throws {
        let fake = try provider()
        #expect(try cli.run("add", "an ordinary note").status == 0)
        #expect(try cli.run("add", "token ghp_abcdefghijklmnopqrstuvwxyz").status == 0)
        try refused(["summarize", "1", "2"], because: "ignore-patterns", fake: fake)
        #expect(try cli.run("ai", "summarize", "1").status == 0)
        #expect(fake.requests == ["ok /v1/messages"])
    }
}
