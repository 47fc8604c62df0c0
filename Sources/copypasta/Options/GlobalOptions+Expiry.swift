import CopypastaCore
import CopypastaStore

extension GlobalOptions {
    /// Runs a command's change of the history: every write command goes through here, so each
    /// one opens the history the same way, purges what trash-days and max-age make due (whether
    /// or not a daemon runs: a history used without a daemon expires all the same, and when
    /// nothing is due it costs two index look-ups), then runs `change` with the store and the
    /// configuration, and afterwards wakes the daemon's sync (`SyncKick.afterChange`), also when
    /// `change` failed part-way: what it committed before (an import's batches) goes out too.
    func changeHistory<T>(_ change: (HistoryStore, Config) throws -> T) throws -> T {
        let config = try loadConfig()
        let store = try openStore()
        defer { SyncKick.afterChange(self, store) }
        try store.expire(now: .now(), trashDays: config.trashDays, maxAgeSeconds: config.maxAgeSeconds)
        return try change(store, config)
    }
}
