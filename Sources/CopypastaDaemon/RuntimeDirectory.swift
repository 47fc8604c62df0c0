import CopypastaCore
import Glibc

/// The daemon's runtime directory (SPEC §2), which holds its socket.
///
/// Whoever controls this directory controls which socket the commands talk
/// to: another user who creates `/tmp/copypasta-$UID` before us could put a
/// socket of their own there and receive every request. So the daemon and
/// every client accept only a real directory that belongs to the user and has
/// mode 0700, and never repair one they did not create: a wrong mode there
/// means someone else may have been at work, and the user should look.
enum RuntimeDirectory {
    /// Creates `path` and its parents 0700, then refuses it unless it is safe (see `check`).
    static func prepare(_ path: String) throws {
        let created: Bool
        do {
            created = try PrivateDirectory.create(path)
        } catch {
            throw DaemonError.cannotCreate(path: error.path, reason: error.reason)
        }
        // Only a directory made just now by us is set to 0700 whatever the umask did.
        if created { chmod(path, 0o700) }
        guard try check(path) else { throw DaemonError.cannotCreate(path: path, reason: String(cString: strerror(ENOENT))) }
    }

    /// Whether `path` exists; throws `unsafeRuntimeDirectory` when it is not a directory of this user with mode 0700.
    static func check(_ path: String) throws -> Bool {
        var stats = stat()
        guard lstat(path, &stats) == 0 else {
            if errno == ENOENT { return false }
            throw DaemonError.unsafeRuntimeDirectory(path: path, reason: String(cString: strerror(errno)))
        }
        guard (stats.st_mode & S_IFMT) == S_IFDIR else {
            throw DaemonError.unsafeRuntimeDirectory(path: path, reason: "it is not a directory")
        }
        guard stats.st_uid == getuid() else {
            throw DaemonError.unsafeRuntimeDirectory(path: path, reason: "it belongs to uid \(stats.st_uid), not to you (uid \(getuid()))")
        }
        let mode = stats.st_mode & 0o7777
        guard mode == 0o700 else {
            throw DaemonError.unsafeRuntimeDirectory(path: path, reason: "its mode is 0\(String(mode, radix: 8)), not 0700")
        }
        return true
    }
}
