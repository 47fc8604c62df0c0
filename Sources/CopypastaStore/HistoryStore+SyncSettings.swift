import CopypastaCore

extension HistoryStore {
    /// Records that `copypasta sync setup` finished on this machine (the `sync-setup-at` state row).
    public func recordSyncSetup(at time: Timestamp) throws(StoreError) {
        try database.transaction { () throws(StoreError) in try setState("sync-setup-at", time.microseconds) }
    }
}
