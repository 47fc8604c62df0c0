import CopypastaCore
import Glibc

/// Reading the config file from disk; parsing is `Config.parse` in the core.
public enum ConfigFile {
    /// Loads `path`; a missing file means the defaults. Unreadable or invalid files are `badConfig` errors.
    public static func load(_ path: String) throws -> Config {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return Config() }
            throw CoreError.config(file: path, line: 0, message: "cannot read: \(SystemError.describe(errno))")
        }
        defer { close(fd) }
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
}
