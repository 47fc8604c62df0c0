import Glibc

/// Directories only the user may enter (mode 0700): the database's and the runtime directory.
public enum PrivateDirectory {
    /// Creates `path` and every missing parent with mode 0700; returns whether `path` itself was made now.
    ///
    /// An existing directory is left as it is. The error names the first
    /// directory that could not be made, with the C library's reason.
    @discardableResult
    public static func create(_ path: String) throws(SystemError) -> Bool {
        var built = path.hasPrefix("/") ? "" : "."
        var created = false
        for component in path.split(separator: "/") {
            built += "/" + component
            created = mkdir(built, 0o700) == 0
            if !created && errno != EEXIST {
                throw .cannotCreate(path: built, reason: SystemError.describe(errno))
            }
        }
        return created
    }

    /// Creates the directory that holds `file` (see `create`); nothing for a file in `/` or the current directory.
    public static func createParent(of file: String) throws(SystemError) {
        guard let slash = file.lastIndex(of: "/"), slash != file.startIndex else { return }
        try create(String(file[..<slash]))
    }
}
