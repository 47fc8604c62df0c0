import CopypastaCore
import CopypastaSystem
import Glibc

/// One daemon per database file (docs/DESIGN.md §7), whatever path names it: an
/// exclusive flock on the database file itself.
///
/// A lock file named after the path (`history.sqlite3.lock`) let a second
/// daemon in through a symlink, a `..` path or a hard link, each of which is a
/// different name for the same file; the file's own lock is on its inode, so
/// every name meets it. flock locks are independent of the POSIX record locks
/// SQLite takes on the same file, and the kernel releases them when the process
/// dies, however it dies, so a crashed daemon never leaves a stale lock behind.
/// The holder's pid, for the message a second daemon prints, comes from
/// `/proc/locks`, which lists each lock with its process and inode.
public final class InstanceLock {
    private let fd: Int32

    /// Takes the lock on the existing `database` file, or throws `alreadyRunning` naming the holder's pid.
    public init(database: String) throws {
        fd = open(database, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError.cannotCreate(path: database, reason: SystemError.describe(errno)) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.holder(of: fd)
            close(fd)
            throw DaemonError.alreadyRunning(pid: holder ?? 0, database: database)
        }
    }

    deinit {
        close(fd)
    }

    /// The pid holding a flock on the file open as `fd`, from the kernel's list of locks.
    private static func holder(of fd: Int32) -> Int32? {
        var stats = stat()
        guard fstat(fd, &stats) == 0, let locks = readLocks() else { return nil }
        let dev = UInt64(stats.st_dev)
        let major = ((dev >> 8) & 0xFFF) | ((dev >> 32) & ~UInt64(0xFFF))
        let minor = (dev & 0xFF) | ((dev >> 12) & ~UInt64(0xFF))
        for line in locks.split(separator: "\n") {
            // "1: FLOCK  ADVISORY  WRITE 1234 fe:00:16228714 0 EOF"; waiters have "->" after the number.
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK" else { continue }
            let device = fields[5].split(separator: ":")
            guard device.count == 3, UInt64(device[0], radix: 16) == major, UInt64(device[1], radix: 16) == minor,
                UInt64(device[2]) == UInt64(stats.st_ino)
            else { continue }
            return Int32(fields[4])
        }
        return nil
    }

    private static func readLocks() -> String? {
        let fd = open("/proc/locks", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while case let count = read(fd, &chunk, chunk.count), count > 0 { text.append(contentsOf: chunk[0..<count]) }
        return String(decoding: text, as: UTF8.self)
    }
}
