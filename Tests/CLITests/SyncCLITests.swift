import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

/// The sync commands run as a user would, without a daemon: they write the database.
@Suite struct SyncCLITests {
    let sandbox = Sandbox()
    var cli: CopypastaBinary { CopypastaBinary(sandbox: sandbox) }

    func run(_ arguments: String...) throws -> ProcessResult {
        let result = try cli.run(arguments, input: [])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    @Test func theBadgeColumnAppearsOnceSyncIsOnAndJSONAlwaysCarriesTheState() throws {
        _ = try run("add", "before")
        #expect(try run("list").output == "1\tbefore\n")
        #expect(try run("list", "--json").output.contains(#""sync":"local","kind":"text"}"#))
        #expect(!(try run("status").output.contains("sync:")))
        _ = try run("sync", "on")
        _ = try run("add", "shared")
        _ = try run("add", "--local-only", "private")
        #expect(try run("list").output == "3\tL\tprivate\n2\tP\tshared\n1\tL\tbefore\n")
        #expect(try run("list", "--json").output.contains(#""text":"shared""#))
        #expect(try run("status").output.contains("sync: on (2 local, 1 pending, 0 synced, 0 failed)\n"))
        #expect(
            try run("status", "--json").output.contains(
                #""sync":"on","syncCounts":{"local":2,"pending":1,"synced":0,"failed":0}}"#))
        _ = try run("local", "2")
        #expect(try run("list").output.hasPrefix("3\tL\tprivate\n2\tL\tshared\n"))
    }

    @Test func onOffPauseAndResumePersistWithoutADaemon() throws {
        _ = try run("sync", "on")
        _ = try run("sync", "pause")
        #expect(try run("sync", "status").output.hasPrefix("sync: paused ("))
        _ = try run("sync", "resume")
        #expect(try run("sync", "status").output.hasPrefix("sync: on ("))
        _ = try run("sync", "off")
        let status = try run("sync", "status", "--json").output
        #expect(
            status.hasPrefix(#"{"sync":"off","syncCounts":{"#) && status.contains(#""folder":null,"problem":null,"devices":[]}"#))
        _ = try run("add", "while off")
        // Never set up (no sync setup/init) and now off: the listing has no sync column.
        #expect(try run("list").output == "1\twhile off\n")
        #expect(try run("list", "--json").output.contains(#""sync":"local","kind":"text"}"#))
    }

    @Test func syncStatusShowsEachDeviceAndTheLogItsLines() throws {
        _ = try run("sync", "on")
        let store = try HistoryStore(path: sandbox.database)
        try store.upsertPeer(device: "abcdefghijklmnopqrstuvwxyz", name: "laptop", publicKey: nil, approved: true)
        try store.logSync(
            level: "error", device: "abcdefghijklmnopqrstuvwxyz", code: "decrypt", detail: "s-0000000001.cps: wrong key")
        let status = try run("sync", "status").output
        #expect(status.contains("device laptop (abcdefghijklmnopqrstuvwxyz): last received never, last acknowledged never\n"))
        let log = try run("sync", "log").output
        #expect(log.hasSuffix(" error abcdefghijklmnopqrstuvwxyz decrypt: s-0000000001.cps: wrong key\n"))
        #expect(try run("sync", "log", "--json").output.contains(#""code":"decrypt","detail":"s-0000000001.cps: wrong key"}"#))
        #expect(try cli.run("sync", "log", "--limit", "0").status == 64)
    }

    @Test func retryQueuesFailedEntriesAgain() throws {
        _ = try run("sync", "on")
        _ = try run("add", "one")
        _ = try run("add", "two")
        let store = try HistoryStore(path: sandbox.database)
        try store.markFailed(try store.syncQueue(limit: 10) { "g-" + $0 })
        #expect(try run("list").output == "2\tF\ttwo\n1\tF\tone\n")
        #expect(try run("sync", "retry", "1").output == "queued again: 1\n")
        #expect(try run("list").output == "2\tF\ttwo\n1\tP\tone\n")
        #expect(try run("sync", "retry", "--all").output == "queued again: 1\n")
        #expect(try cli.run("sync", "retry").status == 64)
        #expect(try cli.run("sync", "retry", "9").status == 66)
    }

    @Test func excludedTextsStayLocalAndTheDatabaseMayNotLiveInTheSyncFolder() throws {
        sandbox.write("config/copypasta/copypasta.conf", "sync-exclude-patterns = ^token\n")
        _ = try run("sync", "on")
        _ = try run("add", "token 123")
        _ = try run("add", "plain")
        #expect(try run("list").output == "2\tP\tplain\n1\tL\ttoken 123\n")
        sandbox.write("config/copypasta/copypasta.conf", "sync-folder = ~/data\n")
        let refused = try cli.run("add", "x", input: "")
        #expect(refused.status == 78)
        #expect(refused.stderr.hasPrefix("copypasta: the database ") && refused.stderr.split(separator: "\n").count == 1)
    }
}
