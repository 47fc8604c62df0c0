import CopypastaCore
import CopypastaSystem
import Glibc

/// The file system calls of the sync module: write-once files, bounded reads, listings.
enum FileIO {
    /// Writes `bytes` to `directory/name` so that readers (and a file-sync engine) only ever see
    /// the whole file: a temporary file `temporary` in the same directory, fsync, rename, fsync of
    /// the directory. On any failure the temporary file is removed and nothing else changed.
    static func writeAtomically(
        _ bytes: [UInt8], directory: String, name: String, temporary: String, mode: mode_t = 0o600
    ) throws(SyncError) {
        let temporaryPath = directory + "/" + temporary
        let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw SyncError.system(errno, path: directory) }
        var failure: Int32 = 0
        if !writeAll(fd, bytes) || fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporaryPath, directory + "/" + name) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporaryPath)
            throw SyncError.system(failure, path: directory + "/" + name)
        }
        try syncDirectory(directory)
    }

    /// Writes `bytes` to `directory/name` unless that name exists; returns whether it wrote. The
    /// temporary file is linked to the name, which fails when another writer (or a file-sync
    /// engine) put one there first; file systems without hard links fall back to a check and a rename.
    static func writeOnce(_ bytes: [UInt8], directory: String, name: String, temporary: String) throws(SyncError) -> Bool {
        let temporaryPath = directory + "/" + temporary
        let path = directory + "/" + name
        if access(path, F_OK) == 0 { return false }
        try writeAtomically(bytes, directory: directory, name: temporary, temporary: temporary + ".part")
        defer { unlink(temporaryPath) }
        if link(temporaryPath, path) != 0 {
            let code = errno
            if code == EEXIST { return false }
            guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EMLINK else {
                throw SyncError.system(code, path: path)
            }
            if access(path, F_OK) == 0 { return false }
            guard rename(temporaryPath, path) == 0 else { throw SyncError.system(errno, path: path) }
        }
        try syncDirectory(directory)
        return true
    }

    /// fsync of a directory, so that a rename or an unlink in it survives a crash.
    static func syncDirectory(_ directory: String) throws(SyncError) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw SyncError.system(errno, path: directory) }
        defer { close(fd) }
        // Some file systems (FUSE, 9p) refuse fsync of a directory; the rename is done all the same.
        if fsync(fd) != 0, errno != EINVAL, errno != ENOTSUP { throw SyncError.system(errno, path: directory) }
    }

    /// The bytes of `path`; a file of more than `limit` bytes is refused as corrupt without reading it.
    ///
    /// Anyone who can write into the folder can put a FIFO or a device there under any name:
    /// O_NONBLOCK makes opening one return at once (a FIFO without a writer would block the
    /// daemon for good), and only a regular file is then read.
    static func read(_ path: String, limit: Int) throws(SyncError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { throw SyncError.system(errno, path: path) }
        defer { close(fd) }
        var stats = stat()
        guard fstat(fd, &stats) == 0 else { throw SyncError.system(errno, path: path) }
        guard stats.st_mode & S_IFMT == S_IFREG else { throw SyncError.corrupt(path: path, reason: "not a regular file") }
        let tooLarge = SyncError.corrupt(path: path, reason: "larger than \(limit >> 20) MiB")
        guard stats.st_size <= limit else { throw tooLarge }
        do {
            return try FileInput.readAll(fd, limit: limit)
        } catch {
            switch error {
            case .tooLarge: throw tooLarge
            case let .system(code): throw SyncError.system(code, path: path)
            }
        }
    }

    /// The bytes after `magic` of the key file at `path`, which must be exactly `magic` and
    /// `length` more bytes; `missing` when there is no such file. The caller wipes them.
    static func readKeyFile(_ path: String, magic: [UInt8], length: Int, missing: SyncError) throws(SyncError) -> [UInt8] {
        guard access(path, F_OK) == 0 else { throw missing }
        var bytes = try read(path, limit: 4096)
        defer { Sodium.wipe(&bytes) }
        guard bytes.count == magic.count + length, bytes.starts(with: magic) else {
            let name = String(decoding: magic, as: UTF8.self)
            throw .badKeyFile(path: path, reason: "expected \(magic.count + length) bytes starting with \(name)")
        }
        return Array(bytes[magic.count...])
    }

    /// The names in `directory` other than `.` and `..`; nil when it does not exist or is not a directory.
    static func list(_ directory: String) throws(SyncError) -> [String]? {
        guard let names = FolderPath.names(in: directory) else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw SyncError.system(errno, path: directory)
        }
        return names.sorted()
    }

    /// Whether `path` is a directory (following symbolic links, as a mount or a link to a synced folder is fine).
    static func isDirectory(_ path: String) -> Bool {
        var stats = stat()
        return stat(path, &stats) == 0 && stats.st_mode & S_IFMT == S_IFDIR
    }

    /// Makes `path` with mode 0700 unless it exists as a directory.
    static func makeDirectory(_ path: String) throws(SyncError) {
        if mkdir(path, 0o700) != 0 && !(errno == EEXIST && isDirectory(path)) {
            throw SyncError.system(errno == EEXIST ? ENOTDIR : errno, path: path)
        }
    }

    /// Removes `path`; a file already gone is fine.
    static func remove(_ path: String) throws(SyncError) {
        if unlink(path) != 0 && errno != ENOENT { throw SyncError.system(errno, path: path) }
    }

    /// `count` random base32 characters, for temporary names.
    static func randomName(_ count: Int) -> String {
        String(Base32.encode(Sodium.random(count)).prefix(count))
    }

    /// Writes all of `bytes` to `fd`, again after EINTR; false (errno set) on failure.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let count = write(fd, buffer.baseAddress.map { $0 + done }, buffer.count - done)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                done += count
            }
            return true
        }
    }
}
