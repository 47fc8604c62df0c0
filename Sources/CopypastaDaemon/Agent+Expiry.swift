import CopypastaCore
import CopypastaStore

extension Agent {
    /// How often the daemon purges what trash-days and max-age make due, in seconds.
    static let expiryInterval = 86_400.0
    /// How soon a purge that failed (the database busy, say) is tried again, in seconds.
    static let expiryRetry = 60.0

    /// Purges the entries trashed longer than trash-days ago and those older than max-age,
    /// at start and then once a day: a deadline of the loop, so the daemon never wakes up
    /// for it in between. Commands that write do the same, so a late purge loses nothing.
    ///
    /// The purge runs as a sliced job of the loop (`SlicedWork`): 100,000 entries due take
    /// seconds, during which copies are still stored.
    func expireHistory(now: Double) {
        guard now >= expiryDueAt else { return }
        expiryDueAt = now + Self.expiryInterval
        let job = store.expiryJob(now: .now(), trashDays: config.trashDays, maxAgeSeconds: config.maxAgeSeconds)
        slices.add(
            ExpiryJob(job: job) { [unowned self] outcome in
                switch outcome {
                case let .success(summary):
                    if summary.fromTrash > 0 || summary.tooOld > 0 {
                        logger.info("purged \(summary.fromTrash) entries from the trash and \(summary.tooOld) older than max-age")
                    }
                case let .failure(error):
                    expiryDueAt = monotonicSeconds() + Self.expiryRetry
                    logger.warning("could not purge expired entries, trying again in a minute: \(error)")
                }
            })
    }
}

/// The daemon's expiry as a sliced job: the store's `PurgeJob`, and what to do when it ends.
final class ExpiryJob: SlicedJob {
    private let job: PurgeJob
    private let finished: (Result<ExpirySummary, StoreError>) -> Void

    /// Runs `job`, then calls `finished` with what it removed or the error that stopped it.
    init(job: PurgeJob, finished: @escaping (Result<ExpirySummary, StoreError>) -> Void) {
        self.job = job
        self.finished = finished
    }

    func runSlice() -> Bool {
        do {
            guard try job.step() else { return false }
            finished(.success(ExpirySummary(job)))
        } catch {
            finished(.failure(error))
        }
        return true
    }
}
