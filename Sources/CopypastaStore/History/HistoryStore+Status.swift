import CopypastaCore
import Glibc

/// The database half of `copypasta status`.
public struct StoreStatus: Sendable, Equatable {
    /// The database file path.
    public var path: String
    /// All entries.
    public var entries: Int
    /// Pinned entries.
    public var pinned: Int
    /// Bytes on disk: the database file plus its write-ahead log.
    public var databaseBytes: Int
    /// Whether capturing is paused.
    public var paused: Bool
    /// When the daemon last captured a text.
    public var lastCaptureAt: Timestamp?
    /// The schema version of the file.
    public var schemaVersion: Int
}

extension HistoryStore {
    /// Counts, sizes and flags for `status`; the counts come from the state table, so no row is read.
    public func status() throws(StoreError) -> StoreStatus {
        let (entries, pinned) = try counts()
        return StoreStatus(
            path: path, entries: entries, pinned: pinned, databaseBytes: fileSize(path) + fileSize(path + "-wal"),
            paused: try isPaused(), lastCaptureAt: try lastCaptureAt(),
            schemaVersion: Int(try database.scalarInt("PRAGMA user_version") ?? 0))
    }

    private func fileSize(_ file: String) -> Int {
        var stats = stat()
        return stat(file, &stats) == 0 ? Int(stats.st_size) : 0
    }
}
