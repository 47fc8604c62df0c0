import CopypastaCore
import CopypastaSystem
import Glibc

/// The temporary file `edit` hands to the editor: mode 0600 in the runtime directory (a
/// private 0700 directory, usually in memory), removed when the command ends whatever
/// happened; a secure entry's file is overwritten with zeros before it is unlinked.
final class EditFile {
    /// The file's path, appended to the editor's command line.
    let path: String
    /// Whether to overwrite the file with zeros before unlinking it.
    private let wipe: Bool

    /// Creates the file in `directory` (made 0700 if missing) holding `text`.
    init(in directory: String, id: Int64, text: [UInt8], wipe: Bool) throws {
        do {
            try RuntimeDirectory.prepare(directory)
        } catch {
            throw CopypastaExit.cannotWrite("\(error)")
        }
        var template = Array("\(directory)/edit-\(id)-XXXXXX.txt".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemps($0, 4) } ?? -1 }
        guard fd >= 0 else {
            throw CopypastaExit.cannotWrite("cannot create a file in \(directory): \(SystemError.describe(errno))")
        }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.wipe = wipe
        defer { close(fd) }
        // mkstemps makes the file 0600; fchmod says so whatever the libc.
        guard fchmod(fd, 0o600) == 0, Self.writeAll(fd, text) else {
            let code = errno
            remove()
            throw CopypastaExit.cannotWrite("cannot write \(path): \(SystemError.describe(code))")
        }
    }

    deinit { remove() }

    /// The file's bytes as the editor left them; at most `limit` bytes.
    func read(limit: Int) throws -> [UInt8] {
        try FileInput.readFile(
            path, limit: limit,
            tooLarge: { CoreError.data("the edited text is larger than max-bytes (\(limit) bytes); nothing changed") },
            unreadable: { CopypastaExit.cannotWrite("cannot read \(path): \(SystemError.describe($0))") })
    }

    /// Overwrites (for a secure entry) and unlinks the file; an editor may have replaced it by
    /// another file of the same name, which is the one overwritten.
    func remove() {
        if wipe {
            let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
            if fd >= 0 {
                var stats = stat()
                if fstat(fd, &stats) == 0, stats.st_size > 0 {
                    _ = Self.writeAll(fd, [UInt8](repeating: 0, count: Int(stats.st_size)))
                    fsync(fd)
                }
                close(fd)
            }
        }
        unlink(path)
    }

    /// Writes every byte of `bytes` to `fd`, retrying short writes and EINTR.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + written }, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }
}
