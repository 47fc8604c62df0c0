import CopypastaClient
import CopypastaCore

/// Tells a running daemon that sync settings or the queue changed in the database.
enum SyncKick {
    /// Best effort: the database is what the daemon obeys, so no daemon (or an older one that does
    /// not know the request) loses nothing; it reads the database when it starts.
    static func send(_ global: GlobalOptions) {
        _ = try? DaemonClient.sendIfRunning(.syncKick, socketPath: global.paths().socket)
    }
}
