import CopypastaCore
import CopypastaStore
import TestSupport
import Testing

@testable import CopypastaArchive

/// The worker over a real database: pending links become archives with their metadata and
/// searchable text, failures keep their reason, an interrupted link counts its attempts.
extension ArchiveWorkerTests {
    private func worker(_ store: HistoryStore) -> ArchiveWorker {
        ArchiveWorker(store: store, limits: limits, log: { _ in })
    }

    @Test func workerArchivesPendingLinksIntoTheStore() throws {
        let store = try HistoryStore(path: sandbox.database)
        let article = try store.addLink(url: server.url("/article/"), archive: true, at: .now())
        let missing = try store.addLink(url: server.url("/gone"), archive: true, at: .now())
        let kept = try store.addLink(url: server.url("/files/report.pdf"), archive: false, at: .now())
        #expect(try worker(store).run(seconds: 60) == 2)
        let link = try #require(try store.link(id: article))
        #expect(link.status == .full)
        #expect(link.pageTitle == "The Soup Almanac & Friends" && link.author == "Ada Lovelace")
        let folder = try #require(link.folder)
        #expect(sandbox.read(store.payloads.path(.links, folder) + "/page.html") != nil)
        #expect(try store.body(id: article, source: .reader)?.contains("zanzibarine") == true)
        let failed = try #require(try store.link(id: missing))
        #expect(failed.status == .failed && failed.reason == "HTTP 404" && failed.folder == nil)
        #expect(try store.link(id: kept)?.status == ArchiveStatus.none)
        #expect(try store.pendingArchives(limit: 10).isEmpty)
    }

    @Test func interruptedLinkIsFailedAfterThreeAttempts() throws {
        let store = try HistoryStore(path: sandbox.database)
        let id = try store.addLink(url: server.url("/article/"), archive: true, at: .now())
        // Two runs that died in the middle of this link (a crash, the daemon's deadline).
        for _ in 0..<2 {
            try store.markArchiving(id: id)
            try store.recordArchive(
                id: id, status: .pending, reason: HistoryStore.interruptedArchiveReason, folder: nil, readableText: nil,
                at: .now())
        }
        try store.markArchiving(id: id)
        #expect(try worker(store).run(seconds: 60) == 1)
        let link = try #require(try store.link(id: id))
        #expect(link.status == .failed)
        #expect(link.attempts == 3)
        #expect(link.reason?.contains("stopped 3 times") == true)
        #expect(try store.retryArchives(ids: nil) == 1)
        #expect(try worker(store).run(seconds: 60) == 1)
        #expect(try store.link(id: id)?.status == .full)
    }

    @Test func workerDoesNothingWithArchiveLinksOff() throws {
        let store = try HistoryStore(path: sandbox.database)
        let id = try store.addLink(url: server.url("/article/"), archive: true, at: .now())
        let config = sandbox.write("off.conf", "archive-links = off\n")
        #expect(WorkerMain.run(["--db", sandbox.database, "--config", config]) == 0)
        #expect(try store.link(id: id)?.status == .pending)
    }
}
