import Glibc

/// Directory creation with private permissions, and errno messages.
enum FileSystem {
    /// Creates every missing parent directory of `path` with mode 0700 (SPEC §2).
    static func createParentDirectories(of path: String) throws(StoreError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let parent = String(path[..<slash])
        var built = parent.hasPrefix("/") ? "" : "."
        for component in parent.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o700) != 0 && errno != EEXIST {
                throw .cannotCreate(path: path, reason: "cannot create the directory \(built): \(describe(errno))")
            }
        }
    }

    /// The C library's message for an errno value.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
