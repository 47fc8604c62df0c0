import CSystem
import CopypastaSystem
import Glibc

/// What a finished child process left behind.
public struct ProcessResult: Sendable {
    /// The exit status, or 128 + signal number when killed by a signal.
    public var status: Int32
    /// Everything written to standard output.
    public var stdout: [UInt8]
    /// Everything written to standard error.
    public var stderrBytes: [UInt8]

    /// Standard output as text.
    public var output: String { String(decoding: stdout, as: UTF8.self) }
    /// Standard error as text.
    public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
}

/// A child process started with posix_spawn, a reset signal mask and its own pipes.
///
/// Tests use posix_spawn, not the Foundation process API (which hangs when children
/// daemonize), and stop only the PIDs they started.
public final class Child: @unchecked Sendable {
    /// The child's process id.
    public let pid: pid_t
    /// The parent's end of the child's stdin pipe, or -1.
    public private(set) var stdinFD: Int32
    /// The parent's end of the child's stdout pipe, or -1.
    public let stdoutFD: Int32
    /// The parent's end of the child's stderr pipe, or -1.
    public let stderrFD: Int32
    /// Stdout read past the last line `waitForLine` returned, kept for its next call.
    var unreadOutput = ""
    private var reaped: Int32?

    /// Spawns `arguments[0]` (searched in PATH) with `environment` added to the current one.
    ///
    /// `extraFD` passes one more descriptor to the child as fd 3 (Xvfb -displayfd).
    public init(
        _ arguments: [String], environment: [String: String] = [:], captureOutput: Bool = true,
        stdin: Bool = true, extraFD: Int32? = nil, stderrPath: String? = nil, stdoutPath: String? = nil
    ) throws {
        func makePipe() throws -> (Int32, Int32) {
            var fds: [Int32] = [0, 0]
            guard pipe2(&fds, O_CLOEXEC) == 0 else { throw SpawnError("pipe failed") }
            return (fds[0], fds[1])
        }
        let input = stdin ? try makePipe() : (-1, -1)
        let out = captureOutput ? try makePipe() : (-1, -1)
        let err = captureOutput && stderrPath == nil ? try makePipe() : (-1, -1)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdin {
            posix_spawn_file_actions_adddup2(&actions, input.0, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let stdoutPath {
            posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        } else if let stderrPath {
            posix_spawn_file_actions_adddup2(&actions, out.1, 1)
            posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        } else if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, out.1, 1)
            posix_spawn_file_actions_adddup2(&actions, err.1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        if let extraFD { posix_spawn_file_actions_adddup2(&actions, extraFD, 3) }
        posix_spawn_file_actions_addclosefrom_np(&actions, extraFD == nil ? 3 : 4)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var env = Child.currentEnvironment()
        for (key, value) in environment { env[key] = value }
        let envStrings = env.map { "\($0.key)=\($0.value)" }
        var childPID: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(envStrings) { envp in
                posix_spawnp(&childPID, arguments[0], &actions, &attributes, argv, envp)
            }
        }
        for fd in [input.0, out.1, err.1] where fd >= 0 { close(fd) }
        guard status == 0 else {
            for fd in [input.1, out.0, err.0] where fd >= 0 { close(fd) }
            throw SpawnError("cannot start \(arguments[0]): \(String(cString: strerror(status)))")
        }
        pid = childPID
        stdinFD = input.1
        stdoutFD = out.0
        stderrFD = err.0
    }

    deinit {
        for fd in [stdinFD, stdoutFD, stderrFD] where fd >= 0 { close(fd) }
    }

    /// Writes `bytes` to the child's stdin, reads stdout and stderr until both close, and waits.
    public func communicate(_ input: [UInt8] = [], timeout: Double = 60) -> ProcessResult {
        var stdout: [UInt8] = [], stderr: [UInt8] = []
        var written = 0
        if input.isEmpty { closeStdin() }
        let deadline = Clock.now() + timeout
        var open = [stdoutFD, stderrFD].filter { $0 >= 0 }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !open.isEmpty || stdinFD >= 0 {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if stdinFD >= 0 { fds.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)) }
            let remaining = deadline - Clock.now()
            if remaining <= 0 {
                kill(pid, SIGKILL)
                break
            }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1) * 1000))
            if ready < 0 && errno != EINTR { break }
            for entry in fds where entry.revents != 0 {
                if entry.fd == stdinFD {
                    let count = input.withUnsafeBytes { raw in
                        write(stdinFD, raw.baseAddress! + written, min(raw.count - written, 1 << 16))
                    }
                    if count > 0 { written += count }
                    if count < 0 || written == input.count { closeStdin() }
                } else {
                    let count = read(entry.fd, &buffer, buffer.count)
                    if count <= 0 {
                        open.removeAll { $0 == entry.fd }
                    } else if entry.fd == stdoutFD {
                        stdout.append(contentsOf: buffer[0..<count])
                    } else {
                        stderr.append(contentsOf: buffer[0..<count])
                    }
                }
            }
        }
        return ProcessResult(status: wait(), stdout: stdout, stderrBytes: stderr)
    }

    /// Closes the child's stdin.
    public func closeStdin() {
        if stdinFD >= 0 {
            close(stdinFD)
            stdinFD = -1
        }
    }

    /// Waits for the child to exit and returns its status (128 + signal when signalled).
    @discardableResult
    public func wait() -> Int32 {
        if let reaped { return reaped }
        let result = Spawn.reap(pid) ?? 0
        reaped = result
        return result
    }

    /// The exit status if the child has exited, without blocking.
    public func exitStatusIfExited() -> Int32? {
        if let reaped { return reaped }
        guard let result = Spawn.reap(pid, block: false) else { return nil }
        reaped = result
        return result
    }

    /// Waits up to `seconds` for the child to exit.
    public func wait(seconds: Double) -> Int32? {
        let deadline = Clock.now() + seconds
        while Clock.now() < deadline {
            if let status = exitStatusIfExited() { return status }
            usleep(2000)
        }
        return exitStatusIfExited()
    }

    /// Sends `signal` to the child (only this PID).
    public func signal(_ signal: Int32) {
        if reaped == nil { kill(pid, signal) }
    }

    /// Stops the child: SIGTERM, then SIGKILL after `grace` seconds; reaps it.
    public func stop(grace: Double = 3) {
        guard reaped == nil else { return }
        kill(pid, SIGTERM)
        if wait(seconds: grace) == nil {
            kill(pid, SIGKILL)
            wait()
        }
    }

    private static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}

/// A child could not be started.
public struct SpawnError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Monotonic seconds.
public enum Clock {
    /// Seconds on the monotonic clock.
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// Polls `condition` every few milliseconds until it holds or `seconds` pass; returns whether it held.
///
/// Used to wait for readiness that has no event to block on (a row in a
/// database file written by another process); always bounded by a deadline.
public func waitUntil(seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Clock.now() + seconds
    while Clock.now() < deadline {
        if try condition() { return true }
        usleep(5000)
    }
    return try condition()
}

func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
