import CopypastaCore
import CopypastaSystem

/// Makes `Paths.dataDirectory` before a key is written beside the database.
enum DataDirectory {
    /// Creates the directory (and missing parents) with mode 0700.
    static func make(_ paths: Paths) throws(SyncError) {
        do {
            try PrivateDirectory.create(paths.dataDirectory)
        } catch let .cannotCreate(path, reason) {
            throw .io(path: path, reason: reason)
        } catch {
            throw .io(path: paths.dataDirectory, reason: error.description)
        }
    }
}
