import CopypastaCore
import CopypastaStore
import Glibc
import TestSupport
import Testing

/// The daemon's archive queue: it never fetches, it starts one `copypasta-archive` child when
/// links are pending (at start, or when a command kicks it), and keeps libcurl out of itself.
@Suite(.serialized) struct ArchiveDaemonTests {
    @Test func daemonArchivesPendingLinksWhenItStarts() throws {
        let queued = try QueuedLink("/article/")
        try queued.desktop.startDaemon()
        #expect(waitUntil(seconds: 60) { (try? queued.store.link(id: queued.id))?.status == .full }, "\(queued.desktop.log)")
    }

    @Test func addURLWakesTheDaemonWhichArchivesTheLink() throws {
        let web = try FixtureServer()
        let desktop = try Desktop(config: "archive-private-hosts = yes\n")
        try desktop.startDaemon()
        let added = try desktop.cli.run("add", "--url", web.url("/article/"))
        #expect(added.status == 0, "\(added.stderr)")
        let id = try #require(Int64(added.output.filter { $0.isNumber }))
        let store = try HistoryStore(path: desktop.sandbox.database)
        #expect(waitUntil(seconds: 60) { (try? store.link(id: id))?.status == .full }, "\(desktop.log)")
        let found = try desktop.cli.run("search", "zanzibarine")
        #expect(found.output.hasPrefix("\(id)\t"), "\(found.output)")
    }

    @Test func commandKickStartsTheWorkerAndRetryQueuesAgain() throws {
        let web = try FixtureServer()
        let desktop = try Desktop(config: "archive-private-hosts = yes\n")
        try desktop.startDaemon()
        let store = try HistoryStore(path: desktop.sandbox.database)
        let id = try store.addLink(url: web.url("/no/such/page"), archive: true, at: .now())
        #expect(try desktop.cli.run("archive", "retry", "\(id)").output == "1 queued\n")
        #expect(waitUntil(seconds: 60) { (try? store.link(id: id))?.status == .failed })
        #expect(try store.link(id: id)?.reason == "HTTP 404")
        let first = try #require(try store.link(id: id)?.archivedAt)
        let again = try desktop.cli.run("archive", "retry", "--failed")
        #expect(again.output == "1 queued\n")
        #expect(waitUntil(seconds: 60) { ((try? store.link(id: id))?.archivedAt ?? first) != first })
        #expect(try store.link(id: id)?.attempts == 1)
    }

    @Test func privateAddressesAreNotFetchedByDefault() throws {
        let queued = try QueuedLink("/article/", config: "")
        try queued.desktop.startDaemon()
        #expect(waitUntil(seconds: 60) { (try? queued.store.link(id: queued.id))?.status == .failed })
        #expect(try queued.store.link(id: queued.id)?.reason == "private address refused: 127.0.0.1")
    }

    @Test func neitherCopypastaNorItsDaemonLinksLibcurl() throws {
        let copypasta = try Child(["ldd", CopypastaBinary.path]).communicate()
        #expect(copypasta.status == 0)
        #expect(!copypasta.output.contains("libcurl") && !copypasta.output.contains("gumbo"))
        let directory = CopypastaBinary.path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let archive = try Child(["ldd", directory.joined(separator: "/") + "/copypasta-archive"]).communicate()
        #expect(archive.output.contains("libcurl"))
    }
}

/// A link queued for archiving before any daemon runs, on a desktop with `config` (by default,
/// loopback pages may be archived), and the fixture web server that serves it (kept as long as
/// the value is).
struct QueuedLink {
    let web: FixtureServer
    let desktop: Desktop
    let store: HistoryStore
    let id: Int64

    /// Queues a link to `path` on a new fixture server.
    init(_ path: String, config: String = "archive-private-hosts = yes\n") throws {
        web = try FixtureServer()
        desktop = try Desktop(config: config)
        store = try HistoryStore(path: desktop.sandbox.database)
        id = try store.addLink(url: web.url(path), archive: true, at: .now())
    }
}
