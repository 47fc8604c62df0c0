import CopypastaCore
import CopypastaSystem
import Glibc

/// One started hook: its pipes while it runs, then only its process group until the deadline.
///
/// A hook may leave descendants behind (`sleep 20 &`) that keep its stderr open long after it
/// exited, so nothing here ever blocks on a hook's pipes: both are non-blocking, and stderr is
/// read only while the hook itself runs. Once it exits, what is already there is drained and the
/// pipes are closed. The exited hook is not reaped yet: its zombie keeps its pid, which is also
/// its process group id, from being reused, so that killing the group at the deadline can only
/// reach what the hook left behind.
final class HookProcess {
    /// How a hook ended: an exit status or the signal that killed it.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case signalled(Int32)
    }

    /// The hook's name, for the log.
    let name: String
    /// The entry the hook is about.
    let entry: Int64
    /// Exit statuses that are a normal ending (`HookRunner.Job.normalStatuses`).
    let normalStatuses: Set<Int32>
    /// The hook's pid, also its process group id.
    let pid: pid_t
    /// When its process group is killed.
    let deadline: Double
    /// Our end of its stdin while input is left to write, else -1.
    private(set) var stdin: Int32
    /// Our end of its stderr while it runs, else -1.
    private(set) var stderr: Int32
    /// Whether its process group was killed at the deadline.
    var killed = false
    /// How it ended; nil while it runs.
    private(set) var ending: Ending?
    /// The text fed to its stdin: shared with the caller and every other hook of the same text, never copied.
    private var input: String
    private var written = 0
    private var errors: [UInt8] = []
    /// At most this much of a hook's stderr is kept for the log.
    private static let stderrLimit = 2048

    /// Starts `job`; its group is killed `job.timeout` seconds from now.
    init(_ job: HookRunner.Job) throws {
        let child = try Spawn.start(job.argv, environment: job.environment, stdin: true, stdout: false, stderr: true)
        for fd in [child.stdin, child.stderr] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        name = job.name
        entry = job.entry
        normalStatuses = job.normalStatuses
        pid = child.pid
        stdin = child.stdin
        stderr = child.stderr
        input = job.input
        deadline = monotonicSeconds() + job.timeout
        if input.utf8.isEmpty { closeStdin() }
    }

    /// The text still to be written to the hook's stdin, nil once it is all written or the hook stopped reading.
    var pendingInput: String? { stdin >= 0 ? input : nil }

    deinit {
        closeStdin()
        closeStderr()
    }

    /// Writes the next piece of the input without blocking; closes stdin once all is written or the hook stops reading.
    func feed() {
        guard stdin >= 0 else { return }
        let fd = stdin, offset = written
        let count = input.withUTF8 { bytes in
            write(fd, bytes.baseAddress.map { $0 + offset }, min(bytes.count - offset, 1 << 16))
        }
        if count > 0 { written += count }
        // A hook that exits or closes stdin without reading all of it is fine (EPIPE).
        if count < 0 && errno != EAGAIN || written >= input.utf8.count {
            closeStdin()
            input = ""
        }
    }

    /// Keeps what the hook wrote to stderr, up to the limit; closes it at end of file.
    func drainStderr() {
        guard stderr >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(stderr, &buffer, buffer.count)
        if count > 0 && errors.count < Self.stderrLimit {
            errors.append(contentsOf: buffer[0..<min(count, Self.stderrLimit - errors.count)])
        }
        // Stop polling a closed stderr at once: a hook that closes it and runs on must not
        // leave a hung-up descriptor that wakes poll() in a loop.
        if count == 0 || count < 0 && errno != EAGAIN && errno != EINTR { closeStderr() }
    }

    /// Whether the hook has exited, seen without reaping it; on exit its pipes are drained and closed.
    func checkExited() -> Bool {
        guard ending == nil else { return true }
        var info = siginfo_t()
        if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 {
            guard info._sifields._sigchld.si_pid == pid else { return false }
            let status = info._sifields._sigchld.si_status
            ending = info.si_code == CLD_EXITED ? .exited(status) : .signalled(status)
        } else {
            guard errno == ECHILD else { return false }
            // Reaped elsewhere: it is gone, and must not hold a slot for ever.
            ending = .exited(0)
        }
        closeStdin()
        drainRemaining()
        closeStderr()
        input = ""
        return true
    }

    /// What the hook wrote to stderr, on one line.
    var errorText: String {
        String(decoding: errors, as: UTF8.self).split(separator: "\n").joined(separator: " | ")
    }

    /// Kills the hook's process group: the hook if it still runs and whatever it left behind.
    func killGroup() {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        killed = true
    }

    /// Reaps the exited hook, releasing its pid; call once its group has been killed.
    func reap() {
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) < 0 && errno == EINTR {}
    }

    /// Reads what is already in the pipe, never waiting for more: a descendant may hold it open for ever.
    private func drainRemaining() {
        while stderr >= 0 && errors.count < Self.stderrLimit {
            let before = errors.count
            drainStderr()
            if errors.count == before { break }
        }
    }

    private func closeStdin() {
        if stdin >= 0 { close(stdin) }
        stdin = -1
    }

    private func closeStderr() {
        if stderr >= 0 { close(stderr) }
        stderr = -1
    }
}
