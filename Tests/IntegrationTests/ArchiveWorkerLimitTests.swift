import CopypastaStore
import Glibc
import TestSupport
import Testing

/// The archive worker's limits that only show from outside: the daemon's deadline for a run
/// (`archive-timeout`) and the user's proxy (docs/DESIGN.md "Link archives").
@Suite(.serialized) struct ArchiveWorkerLimitTests {
    /// A worker stuck on a stalled server past its run's deadline is killed by the daemon; a copy
    /// made meanwhile is stored before the kill; the link stays pending with the interruption
    /// marked, each later run counts one attempt, and after three it is failed.
    @Test func aHungWorkerIsKilledAtItsDeadlineWhileCapturesGoOn() throws {
        let queued = try QueuedLink("/stall/page", config: "archive-private-hosts = yes\narchive-timeout = 5s\n")
        let (web, desktop, store, stuck) = (queued.web, queued.desktop, queued.store, queued.id)
        try desktop.startDaemon()
        let marked = waitUntil(seconds: 30) { (try? store.link(id: stuck))?.reason == HistoryStore.interruptedArchiveReason }
        #expect(marked, "\(desktop.log)")
        try desktop.xclip(Array("copied while the archive hangs".utf8))
        #expect(try desktop.waitForEntries(2, seconds: 10))
        let killed = "hook archive was killed after its timeout"
        #expect(!desktop.log.contains(killed), "the capture waited for the worker's kill")
        #expect(desktop.waitForLog(killed, seconds: 30), "\(desktop.log)")
        let link = try #require(try store.link(id: stuck))
        #expect(link.status == .pending && link.attempts == 0 && link.reason == HistoryStore.interruptedArchiveReason)
        // `add --url` kicks the worker; the oldest pending link, the stuck one, goes first.
        for attempt in 1...3 {
            let added = try desktop.cli.run("add", "--url", web.url("/article/?\(attempt)"))
            #expect(added.status == 0, "\(added.stderr)")
            let counted = waitUntil(seconds: 30) { (try? store.link(id: stuck))?.attempts == attempt }
            #expect(counted, "attempt \(attempt): \(desktop.log)")
        }
        let failed = try #require(try store.link(id: stuck))
        #expect(failed.status == .failed && failed.reason?.contains("stopped 3 times") == true, "\(failed)")
    }

    /// With `http_proxy` and `https_proxy` set, pages and assets are fetched through the proxy,
    /// and the private-address rule judges the target's own addresses: a loopback target is
    /// refused without a byte sent to the proxy unless `archive-private-hosts = yes`.
    @Test func archivesGoThroughTheProxyAndThePrivateAddressRuleJudgesTheTarget() throws {
        let web = try FixtureServer()
        let proxy = try FixtureProxy()
        let sandbox = Sandbox()
        let store = try HistoryStore(path: sandbox.database)
        let config = sandbox.write("archive.conf", "archive-private-hosts = no\n")
        let environment = ["http_proxy": proxy.url, "https_proxy": proxy.url, "no_proxy": "", "NO_PROXY": ""]
        let directory = CopypastaBinary.path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let worker = [directory.joined(separator: "/") + "/copypasta-archive", "--db", sandbox.database, "--config", config]
        func run() throws -> ProcessResult {
            try Child(worker + ["--seconds", "120"], environment: environment).communicate(timeout: 180)
        }

        let refused = try store.addLink(url: "http://localhost:\(web.port)/article/", archive: true, at: .now())
        #expect(try run().status == 0)
        #expect(try store.link(id: refused)?.status == .failed)
        #expect(try store.link(id: refused)?.reason?.hasPrefix("private address refused: ") == true)
        #expect(proxy.child.waitForLine("", seconds: 1) == nil, "the proxy was asked for a refused target")

        _ = sandbox.write("archive.conf", "archive-private-hosts = yes\n")
        let page = try store.addLink(url: web.url("/article/"), archive: true, at: .now())
        let secure = try store.addLink(url: "https://127.0.0.1:\(web.port)/article/", archive: true, at: .now())
        #expect(try run().status == 0)
        #expect(try store.link(id: page)?.status == .full)
        #expect(proxy.child.waitForLine("GET \(web.url("/article/")) ", seconds: 10) != nil)
        // The https link tunnels through CONNECT; the fixture speaks no TLS, so it fails there.
        #expect(proxy.child.waitForLine("CONNECT 127.0.0.1:\(web.port) ", seconds: 10) != nil)
        #expect(try store.link(id: secure)?.status == .failed)
    }
}
