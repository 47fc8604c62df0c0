import CopypastaSystem
import Glibc

/// Directory creation with private permissions, and errno messages, in the store's errors.
enum FileSystem {
    /// Creates every missing parent directory of `path` with mode 0700 (see `PrivateDirectory`).
    static func createParentDirectories(of path: String) throws(StoreError) {
        do {
            try PrivateDirectory.createParent(of: path)
        } catch {
            switch error {
            case let .cannotCreate(directory, reason), let .unsafeRuntimeDirectory(directory, reason):
                throw .cannotCreate(path: path, reason: "cannot create the directory \(directory): \(reason)")
            }
        }
    }

    /// The C library's message for an errno value.
    static func describe(_ code: Int32) -> String {
        SystemError.describe(code)
    }
}
