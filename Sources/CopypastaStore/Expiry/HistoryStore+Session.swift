import CopypastaCore

extension HistoryStore {
    /// The purge `clear-on` runs at the end of the session or when the screen locks: the unpinned,
    /// unnamed entries captured at or after `since` (in the history or the trash) are removed for
    /// good, as `delete --purge` removes them; pins and snippets stay. The caller runs its steps
    /// (`PurgeJob.step`) between other work, or `run()` at exit.
    public func sessionClearJob(since: Timestamp) -> PurgeJob {
        PurgeJob(store: self, removals: [.capturedSince(since)])
    }
}

extension HistoryStore {
    /// Whether an entry, in the history or the trash, still holds the text with `fingerprint`.
    public func holdsText(with fingerprint: Fingerprint) throws(StoreError) -> Bool {
        try database.scalarInt("SELECT 1 FROM entry WHERE \(Self.fingerprintMatch) LIMIT 1", fingerprint.bytes) != nil
    }
}
