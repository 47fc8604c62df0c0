import CopypastaCore

extension Agent {
    /// How often the daemon purges what trash-days and max-age make due, in seconds.
    static let expiryInterval = 86_400.0
    /// How soon a purge that failed (the database busy, say) is tried again, in seconds.
    static let expiryRetry = 60.0

    /// Purges the entries trashed longer than trash-days ago and those older than max-age,
    /// at start and then once a day: a deadline of the loop, so the daemon never wakes up
    /// for it in between. Commands that write do the same, so a late purge loses nothing.
    func expireLibrary(now: Double) {
        guard now >= expiryDueAt else { return }
        do {
            let summary = try store.expire(now: .now(), trashDays: config.trashDays, maxAgeSeconds: config.maxAgeSeconds)
            expiryDueAt = now + Self.expiryInterval
            if summary.fromTrash > 0 || summary.tooOld > 0 {
                logger.info("purged \(summary.fromTrash) entries from the trash and \(summary.tooOld) older than max-age")
            }
        } catch {
            expiryDueAt = now + Self.expiryRetry
            logger.warning("could not purge expired entries, trying again in a minute: \(error)")
        }
    }
}
