import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// `ai-auto`: the daemon starts `copypasta-ai auto` for new library items (at start, and when
/// `add` kicks it), never for clipboard captures, secure or local-only entries; the fake provider on
/// loopback (Tests/Fixtures/ai/provider.py) answers.
@Suite(.serialized) struct AIAutoDaemonTests {
    static let key = "sk-test-0123456789abcdef"

    /// A desktop whose config points at `fake` with `ai-auto = auto`; links are not archived.
    func desktop(_ auto: String) throws -> (Desktop, FakeProvider) {
        let desktop = try Desktop()
        let fake = try FakeProvider(mode: "success", key: Self.key, directory: desktop.sandbox.root)
        desktop.sandbox.write(
            "config/copypasta/copypasta.conf",
            "archive-links = off\nai-provider = anthropic\nai-model = test-model\n"
                + "ai-endpoint = \(fake.endpoint)\nai-key-file = ~/key\nai-auto = \(auto)\n")
        desktop.sandbox.write("key", Self.key + "\n", mode: 0o600)
        return (desktop, fake)
    }

    @Test func addedLinksGetTagsCapturesSecureAndLocalOnlyEntriesNothing() throws {
        let (desktop, fake) = try desktop("tags")
        let store = try HistoryStore(path: desktop.sandbox.database)
        let added = try store.addLink(url: "https://example.org/swift", archive: false, at: .now())
        let captured = try store.addLink(url: "https://example.org/copied", source: .clipboard, archive: false, at: .now())
        let local = try store.addLink(url: "https://example.org/private", archive: false, at: .now(), syncLocal: true)
        let secure = try desktop.cli.run(
            ["add", "--secure", "--passphrase-fd", "0", "https://example.org/sealed"], input: Array("pass phrase".utf8))
        #expect(secure.status == 0, "\(secure.stderr)")
        let sealed = try #require(try store.newestID())
        #expect(try store.entry(id: sealed).kind == .link, "a secure link would otherwise be a candidate")
        try desktop.startDaemon()
        #expect(waitUntil(seconds: 60) { (try? store.aiResult(id: added)) != nil }, "\(desktop.log)")
        #expect(try store.aiResult(id: sealed) == nil)
        #expect(try store.aiResult(id: added)?.tags.isEmpty == false)
        #expect(try store.aiResult(id: captured) == nil)
        #expect(try store.aiResult(id: local) == nil)
        #expect(fake.requests == ["ok /v1/messages"])
    }

    @Test func addURLWakesTheDaemonWhichSummarizes() throws {
        let (desktop, fake) = try desktop("summary")
        try desktop.startDaemon()
        let added = try desktop.cli.run("add", "--url", "https://example.org/notes")
        #expect(added.status == 0, "\(added.stderr)")
        let id = try #require(Int64(added.output.filter { $0.isNumber }))
        let store = try HistoryStore(path: desktop.sandbox.database)
        #expect(waitUntil(seconds: 60) { (try? store.aiResult(id: id)) != nil }, "\(desktop.log)")
        #expect(try store.aiResult(id: id)?.summary == "A short summary.")
        #expect(fake.requests == ["ok /v1/messages"])
    }
}
