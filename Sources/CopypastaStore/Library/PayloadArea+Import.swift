import CopypastaCore
import CopypastaSystem
import Glibc

extension PayloadArea {
    /// A file copied into `documents/<folder>/<name>`.
    public struct CopiedFile: Sendable, Equatable {
        /// The new folder (a random UUID).
        public var folder: String
        /// The file's name in it: the source's last path component.
        public var name: String
        /// Bytes copied.
        public var size: Int64
        /// SHA-256 of the bytes.
        public var digest: [UInt8]
    }

    /// O_TMPFILE (Linux, `<bits/fcntl-linux.h>`), which Swift's Glibc module leaves out: a file
    /// with no name until it is linked, so a process killed mid-copy leaves nothing behind.
    private static let openTemporary: Int32 = 0o20_000_000 | O_DIRECTORY
    /// AT_SYMLINK_FOLLOW for linkat(2) through /proc/self/fd.
    private static let followLink: Int32 = 0x400

    /// Copies the file at `source` (a regular file, or a pipe read to its end) to
    /// `documents/<new folder>/<name>` atomically: the bytes go to an unnamed file in
    /// `documents/` (O_TMPFILE), which is fsynced, then linked under its name in a new folder,
    /// and both directories are fsynced. A kill at any moment before the link leaves no file; a
    /// file larger than `maxBytes` is refused before anything is written (or, from a pipe, as soon
    /// as it grows past the limit) and nothing is left.
    public func copyIn(from source: String, maxBytes: Int64) throws(PayloadError) -> CopiedFile {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .notAFile(path: source, reason: SystemError.describe(errno)) }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw .notAFile(path: source, reason: SystemError.describe(errno)) }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFIFO else { throw .notAFile(path: source, reason: "not a regular file") }
        if type == S_IFREG, Int64(status.st_size) > maxBytes {
            throw .tooLarge(path: source, size: Int64(status.st_size), limit: maxBytes)
        }
        let documents = directory(.documents)
        do { try PrivateDirectory.create(documents) } catch { throw .cannotCreate(path: documents, reason: error.description) }
        let (output, named) = try temporaryFile(in: documents)
        var copied: (size: Int64, digest: [UInt8])
        do throws(PayloadError) {
            copied = try Self.stream(input, to: output, source: source, target: documents, maxBytes: maxBytes)
            try PayloadFile.sync(output, path: documents)
        } catch {
            close(output)
            if let named { unlink(named) }
            throw error
        }
        let folder = Self.newFolder()
        let name = Self.fileName(of: source)
        let target = path(.documents, folder) + "/" + name
        defer { close(output) }
        do {
            try create(.documents, folder)
            if let named {
                guard rename(named, target) == 0 else { throw PayloadError.io(path: target, reason: SystemError.describe(errno)) }
            } else {
                guard linkat(AT_FDCWD, "/proc/self/fd/\(output)", AT_FDCWD, target, Self.followLink) == 0 else {
                    throw PayloadError.io(path: target, reason: SystemError.describe(errno))
                }
            }
            try PayloadFile.syncDirectory(path(.documents, folder))
            try PayloadFile.syncDirectory(documents)
        } catch {
            if let named { unlink(named) }
            try? remove(.documents, folder)
            throw error as? PayloadError ?? .io(path: target, reason: String(describing: error))
        }
        return CopiedFile(folder: folder, name: name, size: copied.size, digest: copied.digest)
    }

    /// An unnamed file in `directory`, or where the file system has no O_TMPFILE, a named one
    /// (`.partial-<uuid>`, which an orphan sweep removes after a kill) and its path.
    private func temporaryFile(in directory: String) throws(PayloadError) -> (Int32, String?) {
        let unnamed = open(directory, Self.openTemporary | O_WRONLY | O_CLOEXEC, 0o600)
        if unnamed >= 0 { return (unnamed, nil) }
        guard errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL else {
            throw .cannotCreate(path: directory, reason: SystemError.describe(errno))
        }
        let path = directory + "/" + Self.partialPrefix + Self.newFolder()
        let named = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard named >= 0 else { throw .cannotCreate(path: path, reason: SystemError.describe(errno)) }
        return (named, path)
    }

    /// The prefix of a named temporary file.
    static let partialPrefix = ".partial-"

    /// Copies `input` to `output` in 1 MiB chunks, hashing as it goes; refuses more than `maxBytes`.
    private static func stream(
        _ input: Int32, to output: Int32, source: String, target: String, maxBytes: Int64
    ) throws(PayloadError) -> (Int64, [UInt8]) {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var digest = DigestStream()
        var total: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .notAFile(path: source, reason: SystemError.describe(errno))
            }
            if count == 0 { return (total, digest.finish()) }
            total += Int64(count)
            if total > maxBytes { throw .tooLarge(path: source, size: total, limit: maxBytes) }
            let chunk = Array(buffer[0..<count])
            chunk.withUnsafeBytes { digest.update($0) }
            try PayloadFile.writeAll(output, chunk, path: target)
        }
    }

    /// The last path component of `path`, as a file name inside a folder.
    static func fileName(of path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        return last.isEmpty || last == "." || last == ".." ? "file" : last
    }
}
