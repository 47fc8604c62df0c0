import Glibc

/// One test's desktop: a sandbox, an Xvfb, and the tools that act on its clipboard.
public final class Desktop: @unchecked Sendable {
    /// Private directories and database.
    public let sandbox = Sandbox()
    /// The X server.
    public let server: XServer
    /// The copypasta CLI bound to this desktop.
    public let cli: CopypastaBinary
    private var started: [Child] = []

    /// Starts the X server; `config` becomes the config file.
    public init(config: String = "") throws {
        server = try XServer()
        cli = CopypastaBinary(sandbox: sandbox, environment: ["DISPLAY": server.display])
        sandbox.write("config/copypasta/copypasta.conf", config)
    }

    deinit {
        for child in started.reversed() { child.stop() }
    }

    /// The daemon's log file.
    public var logPath: String { sandbox.root + "/daemon.log" }

    /// Variables added to the environment of programs on this desktop (PATH for stand-in tools).
    public var extraEnvironment: [String: String] = [:]

    /// The environment of programs on this desktop.
    public var environment: [String: String] {
        sandbox.environment.merging(["DISPLAY": server.display]) { $1 }.merging(extraEnvironment) { $1 }
    }

    /// Starts `copypasta daemon -v` and waits for its "watching" log line.
    ///
    /// `wrapper` is a command that execs the daemon in place (`prlimit --nofile=…`), so the child is still the daemon.
    @discardableResult
    public func startDaemon(_ extra: [String] = [], wrapper: [String] = []) throws -> Child {
        let before = log.occurrences(of: "watching")
        let daemon = try Child(
            wrapper + [CopypastaBinary.path, "daemon", "-v"] + extra, environment: environment, captureOutput: false,
            stdin: false, stderrPath: logPath)
        started.append(daemon)
        guard waitUntil(seconds: 15, { log.occurrences(of: "watching") > before || daemon.exitStatusIfExited() != nil }),
            daemon.exitStatusIfExited() == nil
        else { throw SpawnError("daemon did not start: \(log)") }
        return daemon
    }

    /// Starts a background helper (a test owner) that this desktop stops at the end.
    public func start(_ arguments: [String], captureOutput: Bool = true) throws -> Child {
        let child = try Child(arguments, environment: environment, captureOutput: captureOutput, stdin: false)
        started.append(child)
        return child
    }

    /// The daemon log so far.
    public var log: String { String(decoding: sandbox.read(logPath) ?? [], as: UTF8.self) }

    /// Copies `bytes` to CLIPBOARD (or `selection`) with xclip; returns once xclip owns it.
    public func xclip(_ bytes: [UInt8], selection: String = "clipboard") throws {
        let child = try Child(["xclip", "-selection", selection, "-i"], environment: environment, captureOutput: false)
        let result = child.communicate(bytes)
        precondition(result.status == 0, "xclip failed")
    }

    /// Copies `bytes` to CLIPBOARD with xsel.
    public func xsel(_ bytes: [UInt8]) throws {
        let child = try Child(["xsel", "--clipboard", "--input"], environment: environment, captureOutput: false)
        _ = child.communicate(bytes)
    }

    /// Reads CLIPBOARD (or `target`) with xclip -o.
    public func paste(target: String? = nil, selection: String = "clipboard", timeout: Double = 20) throws -> ProcessResult {
        let arguments = ["xclip", "-selection", selection, "-o"] + (target.map { ["-t", $0] } ?? [])
        return try Child(arguments, environment: environment).communicate(timeout: timeout)
    }

    /// Runs an sqlite3 query against the database (an independent reader of the file).
    public func sql(_ query: String) throws -> String {
        try Child(["sqlite3", sandbox.database, query]).communicate().output.trimmingSpaces()
    }

    /// The number of entries, read from the database file.
    public func entryCount() throws -> Int {
        Int(try sql("SELECT count(*) FROM entry")) ?? -1
    }

    /// Waits until the database holds `count` entries.
    @discardableResult
    public func waitForEntries(_ count: Int, seconds: Double = 15) throws -> Bool {
        try waitUntil(seconds: seconds) { try entryCount() >= count }
    }

    /// Waits until the daemon log contains `text` `times` times.
    @discardableResult
    public func waitForLog(_ text: String, times: Int = 1, seconds: Double = 15) -> Bool {
        waitUntil(seconds: seconds) { log.occurrences(of: text) >= times }
    }

    /// Writes `bytes` to a file in the sandbox and returns its path.
    public func file(_ name: String, _ bytes: [UInt8]) -> String {
        let path = sandbox.root + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            precondition(count > 0)
            offset += count
        }
        close(fd)
        return path
    }
}

/// The test owner helper built next to the test bundle.
public enum TestOwner {
    /// Its path.
    public static let path: String = {
        let binary = CopypastaBinary.path
        return String(binary[..<(binary.lastIndex(of: "/") ?? binary.startIndex)]) + "/copypasta-testowner"
    }()
}

extension Child {
    /// Reads stdout until a line starting with `prefix` arrives or `seconds` pass. Lines that
    /// arrived in the same read after the one returned are kept for the next call.
    public func waitForLine(_ prefix: String, seconds: Double = 15) -> String? {
        let deadline = Clock.now() + seconds
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            while let newline = unreadOutput.firstIndex(of: "\n") {
                let line = String(unreadOutput[..<newline])
                unreadOutput.removeSubrange(...newline)
                if line.hasPrefix(prefix) { return line }
            }
            guard Clock.now() < deadline else { return nil }
            var pfd = pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 200) >= 0 else { return nil }
            guard pfd.revents != 0 else { continue }
            let count = read(stdoutFD, &buffer, buffer.count)
            if count <= 0 { return nil }
            unreadOutput += String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }
}

extension String {
    /// How many times `text` occurs.
    public func occurrences(of text: String) -> Int {
        ranges(of: text).count
    }
}
