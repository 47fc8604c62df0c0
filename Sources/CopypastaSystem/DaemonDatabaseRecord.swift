import Glibc

/// Which database the running daemon keeps: its full path, written by the daemon into its runtime
/// directory (mode 0600) when it starts. An entry id names an entry of one database only, so a
/// restore goes through the daemon only when the command's database is that same file: without
/// the check, `copy 3 --db other.sqlite3` put the daemon's entry 3 on the clipboard.
public enum DaemonDatabaseRecord {
    private static func file(_ runtimeDirectory: String) -> String { runtimeDirectory + "/daemon.db" }

    /// Records `database` as the daemon's; a failure costs only the check.
    public static func save(database: String, runtimeDirectory: String) {
        guard let full = realpath(database, nil) else { return }
        defer { free(full) }
        let fd = open(file(runtimeDirectory), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        _ = write(fd, full, strlen(full))
        close(fd)
    }

    /// Whether the daemon keeps another file than `database`. False when it recorded nothing or its
    /// file is gone: the daemon then answers as before (or nobody does).
    public static func isOther(than database: String, runtimeDirectory: String) -> Bool {
        let fd = open(file(runtimeDirectory), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard read(fd, &buffer, buffer.count - 1) > 0 else { return false }
        var theirs = stat()
        var ours = stat()
        guard stat(buffer, &theirs) == 0 else { return false }
        guard stat(database, &ours) == 0 else { return true }
        return theirs.st_dev != ours.st_dev || theirs.st_ino != ours.st_ino
    }
}
