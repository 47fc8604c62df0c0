import CopypastaCore
import CopypastaSystem
import Glibc

/// Where the provider's key comes from (copypasta(1) ai, "Keys"): `ai-key-file` or
/// `ai-key-command`, never the command line, the config file or the environment.
///
/// The key lives in this process only: it is sent in one header, masked in `--dry-run`, and
/// no error message holds it (they name the setting instead).
public enum AIKey {
    /// The longest key file read, in bytes.
    static let maximumBytes = 64 << 10
    /// How long `ai-key-command` may run (a password store may ask for a passphrase first).
    public static let commandSeconds = 60.0

    /// The key of `settings`, or nil when none is configured.
    public static func load(_ settings: AISettings, home: String) throws(AIError) -> String? {
        if let path = settings.keyFilePath(home: home) { return try fromFile(path) }
        if !settings.keyCommand.isEmpty { return try fromCommand(settings.keyCommand) }
        return nil
    }

    /// The first line of the key file, which must be a regular file of this user that no one else may read.
    public static func fromFile(_ path: String) throws(AIError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw .notConfigured("ai-key-file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw .notConfigured("ai-key-file \(path) is not a regular file")
        }
        guard info.st_uid == getuid() else { throw .notConfigured("ai-key-file \(path) is not owned by you") }
        guard info.st_mode & 0o077 == 0 else {
            throw .notConfigured(
                "ai-key-file \(path) may be read by others (mode \(String(info.st_mode & 0o777, radix: 8))); chmod 600 it")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= maximumBytes {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return try firstLine(bytes, from: "ai-key-file \(path)")
    }

    /// The first line `argv` prints on standard output, run without a shell within `seconds`.
    public static func fromCommand(_ argv: [String], seconds: Double = commandSeconds) throws(AIError) -> String {
        let name = "ai-key-command (\(argv[0]))"
        let child: Spawn.Child
        do {
            child = try Spawn.start(argv, environment: [:], stdin: false, stdout: true, stderr: false, inheritStderr: true)
        } catch {
            throw .notConfigured("\(name) could not start: \(error)")
        }
        defer { close(child.stdout) }
        let bytes = readAll(child.stdout, seconds: seconds)
        if bytes == nil { kill(-child.pid, SIGKILL) }
        let status = Spawn.reap(child.pid)
        guard let bytes else { throw .notConfigured("\(name) did not finish within \(Int(seconds)) s") }
        guard status == 0 else { throw .notConfigured("\(name) failed with status \(status ?? -1)") }
        return try firstLine(bytes, from: name)
    }

    /// Everything `fd` gives until its end, or nil when `seconds` pass first.
    private static func readAll(_ fd: Int32, seconds: Double) -> [UInt8]? {
        var bytes: [UInt8] = []
        // A failed read ends the output as its end does; past the cap, the rest is read and dropped.
        let end = Spawn.drain(fd, until: monotonicSeconds() + seconds, bufferSize: 4096) { chunk in
            if bytes.count < maximumBytes { bytes += chunk }
            return true
        }
        return end == .deadline ? nil : bytes
    }

    /// The first line of `bytes`, trimmed; a key with a control character could forge a header, so it is refused.
    private static func firstLine(_ bytes: [UInt8], from source: String) throws(AIError) -> String {
        let line = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).first ?? []
        let key = String(decoding: line, as: UTF8.self).trimmingSpaces()
        guard !key.isEmpty else { throw .notConfigured("\(source) gave no key (its first line is empty)") }
        guard key.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw .notConfigured("\(source) gave a key with spaces or characters a header cannot carry")
        }
        return key
    }
}
