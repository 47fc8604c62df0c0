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

    /// After `sync setup`, `init`, `join` or `approve`, which change what the running daemon must do:
    /// it reloads its configuration first (`sync-folder` is often set after the daemon started, and
    /// a daemon without it never saw the key a member sealed to this machine), then looks at the
    /// sync settings. A daemon that cannot reload (a bad config file) keeps its configuration, and
    /// the command says so without failing: what it did is done.
    static func reload(_ global: GlobalOptions) {
        do {
            _ = try DaemonClient.sendIfRunning(.reload, socketPath: global.paths().socket)
        } catch {
            Terminal.warn("the running daemon kept its previous configuration: \(error)")
        }
        send(global)
    }

    /// After a command changed entries in `store`: the daemon writes the change out at once while
    /// sync is on (with sync off the change waits in the queue, and nothing needs waking).
    static func afterChange(_ global: GlobalOptions, _ store: HistoryStore) {
        if (try? store.syncSettings().enabled) == true { send(global) }
    }
}
