import CopypastaCore
import Glibc
import Logging

/// Runs hooks (SPEC §6) as children of the event loop: standard input fed
/// without blocking, killed after the timeout, exit status and stderr logged,
/// children reaped on SIGCHLD. A hook can never stall capture.
final class HookRunner: PollSource {
    private struct Running {
        let name: String
        let pid: pid_t
        var stdin: Int32
        var stderr: Int32
        let input: [UInt8]
        var written = 0
        var errors: [UInt8] = []
        let deadline: Double
        var killed = false
    }

    private var running: [pid_t: Running] = [:]
    private let logger: Logger
    /// At most this much of a hook's stderr is kept for the log.
    private static let stderrLimit = 2048

    /// A runner that logs to `logger`.
    init(logger: Logger) {
        self.logger = logger
    }

    /// Starts `argv` with `environment` added, `input` on its stdin; it is killed after `timeout` seconds.
    func run(_ name: String, argv: [String], environment: [String: String], input: [UInt8], timeout: Double) {
        do {
            let child = try Spawn.start(argv, environment: environment, stdin: true, stdout: false, stderr: true)
            _ = fcntl(child.stdin, F_SETFL, fcntl(child.stdin, F_GETFL) | O_NONBLOCK)
            running[child.pid] = Running(
                name: name, pid: child.pid, stdin: child.stdin, stderr: child.stderr, input: input,
                deadline: monotonicSeconds() + timeout)
            if input.isEmpty { closeStdin(child.pid) }
        } catch {
            logger.error("hook \(name) not run: \(error)")
        }
    }

    /// Each hook's stdin while input is left to write, and its stderr.
    var pollDescriptors: [pollfd] {
        running.values.flatMap { hook -> [pollfd] in
            var fds: [pollfd] = []
            if hook.stdin >= 0 { fds.append(pollfd(fd: hook.stdin, events: Int16(POLLOUT), revents: 0)) }
            if hook.stderr >= 0 { fds.append(pollfd(fd: hook.stderr, events: Int16(POLLIN), revents: 0)) }
            return fds
        }
    }

    /// Feeds a hook's stdin or collects its stderr.
    func handle(fd: Int32, events: Int16) {
        guard let hook = running.values.first(where: { $0.stdin == fd || $0.stderr == fd }) else { return }
        if fd == hook.stdin { feed(hook.pid) } else { drainStderr(hook.pid) }
    }

    private func feed(_ pid: pid_t) {
        guard var hook = running[pid] else { return }
        let count = hook.input.withUnsafeBytes { raw in
            write(hook.stdin, raw.baseAddress.map { $0 + hook.written }, min(raw.count - hook.written, 1 << 16))
        }
        if count > 0 { hook.written += count }
        running[pid] = hook
        // A hook that exits or closes stdin without reading all of it is fine (EPIPE).
        if count < 0 && errno != EAGAIN || hook.written >= hook.input.count { closeStdin(pid) }
    }

    private func closeStdin(_ pid: pid_t) {
        guard var hook = running[pid], hook.stdin >= 0 else { return }
        close(hook.stdin)
        hook.stdin = -1
        running[pid] = hook
    }

    private func drainStderr(_ pid: pid_t) {
        guard var hook = running[pid] else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(hook.stderr, &buffer, buffer.count)
        if count > 0 && hook.errors.count < Self.stderrLimit {
            hook.errors.append(contentsOf: buffer[0..<min(count, Self.stderrLimit - hook.errors.count)])
        }
        if count <= 0 && !(count < 0 && errno == EAGAIN) {
            // Stop polling a closed stderr at once: a hook that closes it and runs on must not
            // leave a hung-up descriptor that wakes poll() in a loop.
            close(hook.stderr)
            hook.stderr = -1
        }
        running[pid] = hook
        if hook.stderr < 0 { reap() }
    }

    /// The earliest timeout among hooks not yet killed.
    var nextDeadline: Double? {
        running.values.filter { !$0.killed }.map(\.deadline).min()
    }

    /// Kills hooks (and their process groups) past their timeout.
    func expire(now: Double) {
        for (pid, hook) in running where !hook.killed && hook.deadline <= now {
            logger.warning("hook \(hook.name) timed out; killing it", metadata: ["pid": "\(pid)"])
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            running[pid]?.killed = true
        }
    }

    /// Collects hooks that have exited and logs how they ended.
    func reap() {
        for (pid, hook) in running {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { continue }
            if hook.stderr >= 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                var errors = hook.errors
                while errors.count < Self.stderrLimit, case let count = read(hook.stderr, &buffer, buffer.count), count > 0 {
                    errors.append(contentsOf: buffer[0..<count])
                }
                running[pid]?.errors = errors
                close(hook.stderr)
            }
            if hook.stdin >= 0 { close(hook.stdin) }
            let errors = String(decoding: running[pid]?.errors ?? [], as: UTF8.self)
                .split(separator: "\n").joined(separator: " | ")
            running[pid] = nil
            let exited = (status & 0x7F) == 0
            let code = exited ? (status >> 8) & 0xFF : status & 0x7F
            if exited && code == 0 {
                logger.debug("hook \(hook.name) finished", metadata: ["pid": "\(pid)"])
            } else {
                let how = hook.killed ? "was killed after its timeout" : exited ? "exited with status \(code)" : "died of signal \(code)"
                logger.warning("hook \(hook.name) \(how)", metadata: ["pid": "\(pid)", "stderr": "\(errors)"])
            }
        }
    }

    /// Whether any hook is still running.
    var isIdle: Bool { running.isEmpty }
}
