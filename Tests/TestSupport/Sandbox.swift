import Glibc

/// A private temporary directory with XDG paths inside it, removed on deinit.
public final class Sandbox: @unchecked Sendable {
    /// The directory.
    public let root: String

    /// Creates a fresh directory under /tmp.
    public init() {
        var template = Array("/tmp/copypasta-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        root = String(cString: made!)
    }

    deinit {
        _ = Child.runQuietly(["rm", "-rf", root])
    }

    /// The database path tests use.
    public var database: String { root + "/data/copypasta/history.sqlite3" }

    /// Environment that points every copypasta path into the sandbox.
    public var environment: [String: String] {
        [
            "HOME": root, "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config",
            "XDG_RUNTIME_DIR": root + "/run", "COPYPASTA_DB": "", "COPYPASTA_CONFIG": "",
            "COPYPASTA_RUNTIME_DIR": "", "COPYPASTA_LAUNCHER": "",
        ]
    }

    /// Writes `contents` to `name` inside the sandbox and returns its path.
    @discardableResult
    public func write(_ name: String, _ contents: String, mode: mode_t = 0o644) -> String {
        let path = root + "/" + name
        if let slash = path.lastIndex(of: "/") {
            _ = Child.runQuietly(["mkdir", "-p", String(path[..<slash])])
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
        precondition(fd >= 0, "cannot write \(path)")
        var contents = contents
        contents.withUTF8 { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
        fchmod(fd, mode)
        close(fd)
        return path
    }

    /// Reads a file's bytes, nil when it cannot be read.
    public func read(_ path: String) -> [UInt8]? { Self.read(path) }

    /// Reads a file's bytes, nil when it cannot be read; for files outside any sandbox too.
    public static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count <= 0 { return data }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    /// The permission bits of a path, nil when it does not exist.
    public func mode(_ path: String) -> mode_t? {
        var stats = stat()
        return stat(path, &stats) == 0 ? stats.st_mode & 0o7777 : nil
    }
}

extension Child {
    /// Runs a command to completion with no input and returns its exit status.
    @discardableResult
    public static func runQuietly(_ arguments: [String]) -> Int32 {
        guard let child = try? Child(arguments, captureOutput: false, stdin: false) else { return -1 }
        return child.wait()
    }
}

extension Sandbox {
    /// Which of the database's files ("", "-wal", "-shm": the suffix) hold `text` verbatim: the
    /// secure and purge tests check that none does.
    public func databaseFilesHolding(_ text: String) -> [String] { databaseFilesHolding(bytes: Array(text.utf8)) }

    /// Which of the database's files hold `needle` (a digest, a key) verbatim.
    public func databaseFilesHolding(bytes needle: [UInt8]) -> [String] {
        ["", "-wal", "-shm"].filter { suffix in
            guard let bytes = read(database + suffix), bytes.count >= needle.count else { return false }
            return (0...(bytes.count - needle.count)).contains { start in
                bytes[start] == needle[0] && Array(bytes[start..<start + needle.count]) == needle
            }
        }
    }
}
