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
    /// Counts, sizes and flags for `status`. Both counts avoid reading rows: count(*) walks
    /// the b-tree's page counts and the pinned count is a range of the (pinned, time) index.
    public func status() throws -> StoreStatus {
        StoreStatus(
            path: path, entries: try count(includePinned: true),
            pinned: Int(try database.scalarInt("SELECT count(*) FROM entry WHERE pinned = 1") ?? 0),
            databaseBytes: fileSize(path) + fileSize(path + "-wal"),
            paused: try isPaused(), lastCaptureAt: try lastCaptureAt(),
            schemaVersion: Int(try database.scalarInt("PRAGMA user_version") ?? 0))
    }

    private func fileSize(_ file: String) -> Int {
        var stats = stat()
        return stat(file, &stats) == 0 ? Int(stats.st_size) : 0
    }
}
