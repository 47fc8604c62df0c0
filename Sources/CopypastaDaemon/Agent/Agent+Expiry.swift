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
            PurgeSlices(job: job, summary: ExpirySummary.init) { [unowned self] outcome in
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

extension Agent {
    /// The most entries a capture or an arrival removes for max-entries in its own write; a
    /// larger excess (max-entries lowered under a long history) goes in a sliced job.
    static let retentionInlineLimit = 100

    /// Starts a sliced removal of the entries beyond max-entries when a write left them
    /// (`HistoryStore.retentionDue`), at start, or after a reload: a deadline-free check of a flag
    /// each turn of the loop, and nothing while such a job runs.
    func trimHistory(force: Bool = false) {
        guard force || store.retentionDue, !trimming else { return }
        let job: PurgeJob?
        do {
            job = try store.retentionJob(maxEntries: config.maxEntries)
        } catch {
            logger.warning("could not remove the entries beyond max-entries, trying again at the next copy: \(error)")
            return
        }
        guard let job else { return }
        trimming = true
        slices.add(
            PurgeSlices(job: job, summary: { $0.removed }) { [unowned self] outcome in
                trimming = false
                switch outcome {
                case let .success(removed) where removed > 0:
                    logger.info("removed \(removed) entries beyond max-entries = \(config.maxEntries)")
                case let .failure(error) where error.isBusy:
                    // A command holds the database (one that removes the excess itself, say): the
                    // next turn tries again, after waiting for it at most the busy timeout.
                    store.retentionDue = true
                case let .failure(error):
                    logger.warning("could not remove the entries beyond max-entries, trying again at the next copy: \(error)")
                case .success:
                    break  // another writer removed them first
                }
                // Copies stored meanwhile may have asked for another (the queue takes a job
                // added from a slice).
                trimHistory()
            })
    }
}

/// A purge of the store (`PurgeJob`: expiry, the session's clear) as a sliced job of the loop,
/// and what to do with its summary when it ends.
final class PurgeSlices<Summary>: SlicedJob {
    private let job: PurgeJob
    private let summary: (PurgeJob) -> Summary
    private let finished: (Result<Summary, StoreError>) -> Void

    /// Runs `job`, then calls `finished` with `summary` of it or the error that stopped it.
    init(
        job: PurgeJob, summary: @escaping (PurgeJob) -> Summary,
        finished: @escaping (Result<Summary, StoreError>) -> Void
    ) {
        self.job = job
        self.summary = summary
        self.finished = finished
    }

    func runSlice() -> Bool {
        do {
            guard try job.step() else { return false }
            finished(.success(summary(job)))
        } catch {
            finished(.failure(error))
        }
        return true
    }
}

extension Agent {
    /// At start: unlinks the payload folders a purge released just before a crash, and the
    /// orphans of a command killed between its copy and its commit (docs/DESIGN.md "The library").
    /// Both are quick when there is nothing to do: one empty table, two directory listings.
    func sweepPayloads() {
        do {
            let removed = try store.sweepReleasedPayloads() + store.sweepOrphanPayloads()
            if removed > 0 { logger.info("removed \(removed) payload folders left by an interrupted purge or copy") }
        } catch {
            logger.warning("could not sweep the payload folders, trying again at the next start: \(error)")
        }
    }
}
