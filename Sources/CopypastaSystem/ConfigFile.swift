import CopypastaCore
import Glibc

/// Reading the config file from disk; parsing is `Config.parse` in the core.
public enum ConfigFile {
    /// Loads `path`; a missing file means the defaults. Unreadable or invalid files are `badConfig` errors.
    ///
    /// Only a regular file is read: opening a FIFO blocks until a writer comes, which would
    /// hang the daemon at a SIGHUP and a hotkey's command for good, so the open does not wait
    /// and anything else is refused.
    public static func load(_ path: String) throws -> Config {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            if errno == ENOENT { return Config() }
            throw CoreError.config(file: path, line: 0, message: "cannot read: \(SystemError.describe(errno))")
        }
        defer { close(fd) }
        var stats = stat()
        guard fstat(fd, &stats) == 0, (stats.st_mode & S_IFMT) == S_IFREG else {
            throw CoreError.config(file: path, line: 0, message: "not a regular file; is it the right file?")
        }
        let bytes: [UInt8]
        do {
            bytes = try FileInput.readAll(fd, limit: 1 << 20)
        } catch .tooLarge {
            throw CoreError.config(file: path, line: 0, message: "the file is larger than 1 MiB; is it the right file?")
        } catch let .system(code) {
            throw CoreError.config(file: path, line: 0, message: "cannot read: \(SystemError.describe(code))")
        }
        return try Config.parse(bytes: bytes, file: path)
    }

    /// What the file at `path` holds now, in 16 hexadecimal digits (of its SHA-256); `none` when
    /// there is no file, `unreadable` when it cannot be read. The daemon reports the stamp of the
    /// file it loaded, so `status` can say when the file changed since (`config --reload`).
    public static func stamp(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 { return errno == ENOENT ? "none" : "unreadable" }
        defer { close(fd) }
        var stats = stat()
        guard fstat(fd, &stats) == 0, (stats.st_mode & S_IFMT) == S_IFREG, let bytes = try? FileInput.readAll(fd, limit: 1 << 20)
        else { return "unreadable" }
        return String(bytes.withUnsafeBytes { Fingerprint(ofBytes: $0) }.description.prefix(16))
    }

    /// The canonical form of an existing path (symbolic links resolved), nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
