import CopypastaCore
import CopypastaStore

/// The run of `copypasta-archive`: takes the pending links from the database (its own
/// connection; WAL lets the daemon and commands go on) and archives them one after another
/// until none is left or the run's time is up (docs/DESIGN.md "Link archives").
///
/// A link the worker starts on is marked (`HistoryStore.interruptedArchiveReason`) before any
/// fetch; finding the mark on a later run means the earlier run died in the middle (a crash, or
/// the daemon's deadline), and that counts as an attempt: after `maxAttempts` the link is
/// failed, so one page that crashes the worker cannot keep the queue from moving.
public struct ArchiveWorker {
    /// Attempts after which an interrupted link is given up.
    public static let maxAttempts = 3

    private let store: HistoryStore
    private let archiver: LinkArchiver
    private let log: (String) -> Void

    /// A worker over `store`, archiving with `limits`; `log` gets one line per link (no URL
    /// parameters, no headers: only the entry id, the status and the reason).
    public init(store: HistoryStore, limits: ArchiveLimits, log: @escaping (String) -> Void) {
        self.store = store
        archiver = LinkArchiver(limits: limits)
        self.log = log
    }

    /// Archives pending links until none is left or fewer than one archive's seconds remain of
    /// `seconds`; returns how many were archived (whatever their outcome). The first link is
    /// always taken, so a run shorter than one archive's limit (`archive-timeout` under 90 s)
    /// still moves the queue: if that link outlasts the run, the daemon's kill ends it, and the
    /// next run counts the attempt.
    public func run(seconds: Double) throws(StoreError) -> Int {
        let end = monotonicSeconds() + seconds
        var done: Set<Int64> = []
        while done.isEmpty || monotonicSeconds() + archiver.limits.archiveSeconds <= end {
            let links = try store.pendingArchives(limit: done.count + 8).filter { !done.contains($0.id) }
            guard let link = links.first else { break }
            done.insert(link.id)
            try archive(link)
        }
        return done.count
    }

    /// Archives one link and records the outcome.
    private func archive(_ link: EntryLink) throws(StoreError) {
        if link.reason == HistoryStore.interruptedArchiveReason {
            let attempts = link.attempts + 1
            let givenUp = attempts >= Self.maxAttempts
            let reason =
                givenUp
                ? "the archive worker stopped \(attempts) times on this link (a crash or its deadline)"
                : HistoryStore.interruptedArchiveReason
            try store.recordArchive(
                id: link.id, status: givenUp ? .failed : .pending, reason: reason, folder: nil, readableText: nil, at: .now())
            if givenUp {
                log("entry \(link.id): failed: \(reason)")
                return
            }
        }
        try store.markArchiving(id: link.id)
        let folder = PayloadArea.newFolder()
        let area = store.payloads
        let outcome: ArchiveOutcome
        do {
            outcome = archiver.archive(link.url, into: try area.create(.links, folder))
        } catch {
            outcome = .failed(error.description)
        }
        if outcome.status == .failed { try? area.remove(.links, folder) }
        let page = HistoryStore.PageFacts(
            title: outcome.metadata.title, author: outcome.metadata.author, published: outcome.metadata.published)
        try store.recordArchive(
            id: link.id, status: ArchiveStatus(outcome.status), reason: outcome.reason,
            folder: outcome.status == .failed ? nil : folder, page: page, readableText: outcome.readableText, at: .now())
        log("entry \(link.id): \(outcome.status.rawValue)" + (outcome.reason.map { ": \($0)" } ?? ""))
    }
}

extension ArchiveStatus {
    /// The stored status of an archive outcome.
    init(_ status: ArchiveOutcome.Status) {
        switch status {
        case .full: self = .full
        case .partial: self = .partial
        case .failed: self = .failed
        }
    }
}
