import CopypastaSystem
import Glibc

/// The system calls of the payload area, each failure named with its path.
enum PayloadFile {
    /// Writes all of `bytes` to `fd`, retrying short writes and interruptions.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(PayloadError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, reason: SystemError.describe(errno))
            }
            offset += count
        }
    }

    /// Flushes the file's data and size to the disk.
    static func sync(_ fd: Int32, path: String) throws(PayloadError) {
        guard fsync(fd) == 0 else { throw .io(path: path, reason: SystemError.describe(errno)) }
    }

    /// Flushes a directory, so that a rename or link in it survives a power cut.
    static func syncDirectory(_ path: String) throws(PayloadError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(path: path, reason: SystemError.describe(errno)) }
        defer { close(fd) }
        try sync(fd, path: path)
    }

    /// Removes `path` and, when it is a directory, everything below it; symbolic links are
    /// removed, never followed. A path that is already gone is fine.
    static func removeTree(_ path: String) throws(PayloadError) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return }
            throw .io(path: path, reason: SystemError.describe(errno))
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            for name in try names(in: path) { try removeTree(path + "/" + name) }
            guard rmdir(path) == 0 || errno == ENOENT else { throw .io(path: path, reason: SystemError.describe(errno)) }
        } else {
            guard unlink(path) == 0 || errno == ENOENT else { throw .io(path: path, reason: SystemError.describe(errno)) }
        }
    }

    /// The names in a directory, without `.` and `..`; none when it is gone.
    static func names(in directory: String) throws(PayloadError) -> [String] {
        guard let names = FolderPath.names(in: directory) else {
            if errno == ENOENT { return [] }
            throw .io(path: directory, reason: SystemError.describe(errno))
        }
        return names
    }
}
