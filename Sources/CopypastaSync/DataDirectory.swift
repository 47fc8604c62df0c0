import CopypastaCore
import CopypastaSystem

/// The directory of the database, where the machine's sync keys live beside it (mode 0700).
///
/// Keys follow the database rather than a fixed path, so two databases on one machine (`--db`)
/// are two devices, and the keys never go into the synced folder.
enum DataDirectory {
    /// The directory that holds `paths.database`.
    static func of(_ paths: Paths) -> String {
        guard let slash = paths.database.lastIndex(of: "/") else { return "." }
        return slash == paths.database.startIndex ? "/" : String(paths.database[..<slash])
    }

    /// Creates the directory (and missing parents) with mode 0700.
    static func make(_ paths: Paths) throws(SyncError) {
        do {
            try PrivateDirectory.create(of(paths))
        } catch let .cannotCreate(path, reason) {
            throw .io(path: path, reason: reason)
        } catch {
            throw .io(path: of(paths), reason: error.description)
        }
    }
}
