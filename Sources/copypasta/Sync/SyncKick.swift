import CopypastaClient
import CopypastaCore
import CopypastaStore

/// Tells a running daemon that sync settings or the queue changed in the database.
enum SyncKick {
    /// Best effort: the database is what the daemon obeys, so no daemon (or an older one that does
    /// not know the request) loses nothing; it reads the database when it starts.
    static func send(_ global: GlobalOptions) {
        _ = try? DaemonClient.sendIfRunning(.syncKick, socketPath: global.paths().socket)
    }

    /// After a command changed entries in `store`: the daemon writes the change out at once while
    /// sync is on (with sync off the change waits in the queue, and nothing needs waking).
    static func afterChange(_ global: GlobalOptions, _ store: HistoryStore) {
        if (try? store.syncSettings().enabled) == true { send(global) }
    }
}
