import CopypastaCore
import CopypastaSystem
import Glibc

/// Runs external programs for the command line: pickers (rofi, dmenu, fzf) and the background server.
public enum Launcher {
    /// Runs `argv` with `input` on stdin and returns its exit status and stdout; stderr stays the terminal (fzf draws there).
    ///
    /// The launcher stays in copypasta's process group: fzf reads its keys from the terminal,
    /// and a process outside the terminal's foreground group that reads it is stopped
    /// (SIGTTIN) before it draws anything. As with system(3), copypasta ignores SIGINT and
    /// SIGQUIT until the launcher ends: Ctrl+C is the launcher's to handle (fzf cancels).
    ///
    /// A launcher may answer and close its input before reading all of it
    /// (`head -n1`, a picker that quits on the first key): SIGPIPE is ignored
    /// while feeding it, the rest of the menu is dropped, and its answer is
    /// still read to the end. A launcher that cannot be started is an
    /// `unavailable` error naming it, not a cancel.
    public static func run(_ argv: [String], input: [UInt8]) throws -> (status: Int32, output: [UInt8]) {
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        let child: Spawn.Child
        do {
            child = try Spawn.start(
                argv, environment: [:], stdin: true, stdout: true, stderr: false, inheritStderr: true, sameProcessGroup: true)
        } catch {
            throw ClientError.launcherFailed("\(error)")
        }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let output = exchange(with: child, input: input)
        return (Spawn.reap(child.pid) ?? 0, output)
    }

    /// Writes `input` to the child's stdin while reading its stdout to end of file; closes both.
    private static func exchange(with child: Spawn.Child, input: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var written = 0
        var stdinFD = child.stdin
        if input.isEmpty {
            close(stdinFD)
            stdinFD = -1
        }
        // Non-blocking, so that a launcher echoing its input (cat) cannot leave both of us waiting on a full pipe.
        if stdinFD >= 0 { _ = fcntl(stdinFD, F_SETFL, fcntl(stdinFD, F_GETFL) | O_NONBLOCK) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var fds = [pollfd(fd: child.stdout, events: Int16(POLLIN), revents: 0)]
            if stdinFD >= 0 { fds.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if fds.count > 1, fds[1].revents != 0 {
                let count = input.withUnsafeBytes {
                    write(stdinFD, $0.baseAddress.map { $0 + written }, min($0.count - written, 1 << 16))
                }
                if count > 0 { written += count }
                if (count < 0 && errno != EINTR && errno != EAGAIN) || written == input.count {
                    close(stdinFD)
                    stdinFD = -1
                }
            }
            if fds[0].revents != 0 {
                let count = read(child.stdout, &buffer, buffer.count)
                if count > 0 {
                    output.append(contentsOf: buffer[0..<count])
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
        }
        if stdinFD >= 0 { close(stdinFD) }
        close(child.stdout)
        return output
    }

    /// Starts `argv` detached in its own session and returns the first line it writes on stdout
    /// (its readiness report), waiting at most `seconds`. `input` (a passphrase, well under a pipe's
    /// buffer) is written to its stdin, which is then closed.
    public static func startDetached(_ argv: [String], seconds: Double, input: [UInt8]? = nil) throws -> String {
        let child = try Spawn.start(argv, environment: [:], stdin: input != nil, stdout: true, stderr: false, newSession: true)
        defer { close(child.stdout) }
        if let input {
            _ = input.withUnsafeBytes { write(child.stdin, $0.baseAddress, $0.count) }
            close(child.stdin)
        }
        let deadline = monotonicSeconds() + seconds
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while !line.contains(0x0A) {
            var pfd = pollfd(fd: child.stdout, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, (deadline - monotonicSeconds()) * 1000))
            guard poll(&pfd, 1, left) > 0, read(child.stdout, &byte, 1) == 1 else { break }
            line.append(byte)
        }
        // The detached child is reaped here only if it has already exited; otherwise init adopts it.
        _ = Spawn.reap(child.pid, block: false)
        return String(decoding: line.prefix { $0 != 0x0A }, as: UTF8.self)
    }

    /// The first of `names` found in PATH.
    public static func find(_ names: [String]) -> String? {
        names.first { Spawn.findExecutable($0) != nil }
    }
}
