import CopypastaCore
import Glibc

/// One daemon per database (SPEC §4): an exclusive flock on `DATABASE.lock`,
/// which holds the running daemon's pid for the message a second one prints.
///
/// flock is released by the kernel when the process dies, however it dies,
/// so a crashed daemon never leaves a stale lock behind.
public final class InstanceLock {
    private let fd: Int32

    /// Takes the lock for `database`, or throws `alreadyRunning` naming the holder's pid.
    public init(database: String) throws {
        let path = database + ".lock"
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DaemonError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = pread(fd, &buffer, buffer.count, 0)
            close(fd)
            let pid = Int32(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).trimmingSpaces()) ?? 0
            throw DaemonError.alreadyRunning(pid: pid, database: database)
        }
        let pid = Array("\(getpid())\n".utf8)
        ftruncate(fd, 0)
        _ = pwrite(fd, pid, pid.count, 0)
    }

    deinit {
        close(fd)
    }
}
