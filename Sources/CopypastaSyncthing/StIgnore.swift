import CopypastaCore
import CopypastaSystem
import Glibc

/// Syncthing's per-folder ignore file, which Syncthing never syncs: every device needs its own.
///
/// Sync writes its files as `.cp-tmp-*` and renames them into place (docs/DESIGN.md §14.1);
/// ignoring that pattern keeps Syncthing from offering half-written files to peers.
public enum StIgnore {
    /// The pattern sync needs.
    public static let pattern = ".cp-tmp-*"

    /// `existing` with `pattern` added at the end, or nil when a line already is the pattern.
    public static func merged(_ existing: String) -> String? {
        let lines = existing.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        if lines.contains(pattern) { return nil }
        let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
        return existing + separator + "// copypasta sync's temporary files\n" + pattern + "\n"
    }

    /// Adds `pattern` to `folder`/.stignore (created when missing, replaced atomically); whether it changed.
    public static func ensure(in folder: String) throws(SyncthingError) -> Bool {
        let path = folder + "/.stignore"
        var existing = ""
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            defer { close(fd) }
            guard let bytes = try? FileInput.readAll(fd, limit: 1 << 20) else {
                throw .cannotWrite(path: path, reason: "it cannot be read")
            }
            existing = String(decoding: bytes, as: UTF8.self)
        } else if errno != ENOENT {
            throw .cannotWrite(path: path, reason: SystemError.describe(errno))
        }
        guard let text = merged(existing) else { return false }
        try write(text, to: path)
        return true
    }

    private static func write(_ text: String, to path: String) throws(SyncthingError) {
        let temporary = path + ".cp-tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: SystemError.describe(errno)) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            offset += count
        }
        let written = offset == bytes.count && fsync(fd) == 0
        let code = errno
        close(fd)
        guard written, rename(temporary, path) == 0 else {
            let reason = SystemError.describe(written ? errno : code)
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }
}
