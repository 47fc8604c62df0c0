import CopypastaCore
import CopypastaStore

extension GlobalOptions {
    /// Opens the history for a command that writes, after purging what trash-days and max-age
    /// make due. Every write command does it, whether or not a daemon runs: a history used
    /// without a daemon expires all the same, and when nothing is due it costs two index
    /// look-ups. Returns the configuration it read.
    func openStoreExpiring() throws -> (store: HistoryStore, config: Config) {
        let config = try loadConfig()
        let store = try openStore()
        try store.expire(now: .now(), trashDays: config.trashDays, maxAgeSeconds: config.maxAgeSeconds)
        return (store, config)
    }
}
