import CopypastaStore
import TestSupport

extension Sandbox {
    /// The sandbox's history database, opened with sync turned on.
    func storeWithSyncOn() throws -> HistoryStore {
        let store = try HistoryStore(path: database)
        try store.setSync(enabled: true)
        return store
    }
}
