import CopypastaCore
import CopypastaSystem
import Glibc

/// One started child job (a hook or a background worker): its pipes while it runs, then only its
/// process group until the deadline.
///
/// A job may leave descendants behind (`sleep 20 &`) that keep its stdout or stderr open long
/// after it exited, so nothing here ever blocks on a job's pipes: all are non-blocking, and its
/// output is read only while the job itself runs, up to its caps (`CappedOutput`). Once it exits,
/// what is already there is drained and the pipes are closed. The exited hook is not reaped yet: its zombie keeps its pid, which is also
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
    /// Its standard output while it runs, kept up to `Job.outputLimit` (no pipe at 0).
    private(set) var output: CappedOutput
    /// Its standard error while it runs, kept up to `Job.errorLimit` for the log.
    private(set) var errors: CappedOutput
    /// Told how the job ended, once (`Job.finished`).
    let finished: ((HookRunner.Result) -> Void)?
    /// Whether its process group was killed at the deadline.
    var killed = false
    /// How it ended; nil while it runs.
    private(set) var ending: Ending?
    /// The text fed to its stdin: shared with the caller and every other hook of the same text, never copied.
    private var input: String
    private var written = 0

    /// Starts `job`; its group is killed `job.timeout` seconds from now.
    init(_ job: HookRunner.Job) throws {
        let child = try Spawn.start(
            job.argv, environment: job.environment, stdin: true, stdout: job.outputLimit > 0, stderr: true)
        _ = fcntl(child.stdin, F_SETFL, fcntl(child.stdin, F_GETFL) | O_NONBLOCK)
        name = job.name
        entry = job.entry
        normalStatuses = job.normalStatuses
        pid = child.pid
        stdin = child.stdin
        output = CappedOutput(fd: child.stdout, limit: job.outputLimit)
        errors = CappedOutput(fd: child.stderr, limit: job.errorLimit)
        finished = job.finished
        input = job.input
        deadline = monotonicSeconds() + job.timeout
        if input.utf8.isEmpty { closeStdin() }
    }

    /// The text still to be written to the hook's stdin, nil once it is all written or the hook stopped reading.
    var pendingInput: String? { stdin >= 0 ? input : nil }

    deinit {
        closeStdin()
        output.close()
        errors.close()
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

    /// Keeps what the job wrote to `fd` (its stdout or stderr), up to that stream's cap.
    func drain(fd: Int32) {
        if fd == output.fd { output.drain() } else if fd == errors.fd { errors.drain() }
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
        output.drainRemaining()
        errors.drainRemaining()
        input = ""
        return true
    }

    /// What the hook wrote to stderr, on one line.
    var errorText: String {
        String(decoding: errors.bytes, as: UTF8.self).split(separator: "\n").joined(separator: " | ")
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

    private func closeStdin() {
        if stdin >= 0 { close(stdin) }
        stdin = -1
    }
}
