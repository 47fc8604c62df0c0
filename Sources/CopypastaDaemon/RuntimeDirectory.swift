import Glibc

/// The daemon's runtime directory (SPEC §2): created 0700 and refused when
/// another user owns it, since the socket's peer check relies on it too.
enum RuntimeDirectory {
    /// Creates `path` and its parents 0700; refuses a directory of another user.
    static func prepare(_ path: String) throws {
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o700) != 0 && errno != EEXIST {
                throw DaemonError.cannotCreate(path: built, reason: String(cString: strerror(errno)))
            }
        }
        var stats = stat()
        guard lstat(path, &stats) == 0, (stats.st_mode & S_IFMT) == S_IFDIR else {
            throw DaemonError.cannotCreate(path: path, reason: "it is not a directory")
        }
        guard stats.st_uid == getuid() else {
            throw DaemonError.cannotCreate(path: path, reason: "it belongs to another user")
        }
        if stats.st_mode & 0o077 != 0 { chmod(path, 0o700) }
    }
}
