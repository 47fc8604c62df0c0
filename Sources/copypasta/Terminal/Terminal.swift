import CSystem
import CopypastaCore
import CopypastaSystem
import Glibc

/// Standard streams: buffered output, one-line errors, terminal checks.
enum Terminal {
    /// Prints `copypasta: message` on stderr and exits with `status`.
    static func fail(_ message: String, status: ExitStatus) -> Never {
        Output.standard.flush()
        warn(message)
        exit(status.rawValue)
    }

    /// Prints `copypasta: message` on stderr.
    static func warn(_ message: String) {
        writeAll(2, Array("copypasta: \(message)\n".utf8))
    }

    /// True when file descriptor `fd` is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The width listings are cut to: the terminal's columns, or 100 when stdout is not a terminal (copypasta(1) COMMANDS).
    static func outputColumns() -> Int {
        guard isTerminal(1) else { return 100 }
        let columns = Int(csystem_terminal_columns(1))
        if columns > 0 { return columns }
        return getenv("COLUMNS").flatMap { Int(String(cString: $0)) } ?? 80
    }

    /// Asks a yes/no question on the terminal; only an answer starting with y or Y is yes.
    static func confirm(_ question: String) -> Bool {
        writeAll(2, Array("\(question) [y/N] ".utf8))
        guard let answer = readLine() else { return false }
        return answer.hasPrefix("y") || answer.hasPrefix("Y")
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and EINTR.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Writes all of `bytes` to `fd`; false on a write error.
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }
}

/// A failure told as a desktop notification, for a command run from a hotkey: its stderr reaches
/// no terminal, so without one the user would see nothing happen.
enum FailureNotice {
    /// Shows `message` with notify-send, as the copy feedback does (`feedback = notify` and
    /// notify-send installed), without waiting for it.
    static func send(_ message: String, config: Config) {
        guard config.feedback == .notify, let notifier = Spawn.findExecutable("notify-send") else { return }
        let argv = [
            notifier, "--app-name=copypasta", "--icon=dialog-error", "--urgency=normal", "copypasta failed",
            "copypasta: " + message,
        ]
        _ = try? Spawn.start(argv, environment: [:], stdin: false, stdout: false, stderr: false, newSession: true)
    }
}
