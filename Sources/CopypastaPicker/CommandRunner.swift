import CopypastaSystem
import Glibc

/// Runs the copypasta command line for the picker's clipboard actions, so that a copy, paste or
/// type from the window does exactly what `copy`, `paste` and `type` do (through the daemon, or a
/// background server without one; a secure entry's passphrase; the copy feedback and hooks).
struct CommandRunner {
    let options: PickerOptions

    /// Runs `copypasta ARGUMENTS --db … --config …` with `input` on stdin; nil on success, else
    /// the command's message (its stderr without the `copypasta: ` prefix).
    func run(_ arguments: [String], input: [UInt8]? = nil) -> String? {
        let argv = [options.copypasta] + arguments + ["--db", options.database, "--config", options.config]
        let child: Spawn.Child
        do {
            child = try Spawn.start(argv, environment: [:], stdin: input != nil, stdout: false, stderr: true)
        } catch {
            return "\(error)"
        }
        if let input {
            let previous = signal(SIGPIPE, SIG_IGN)
            var written = 0
            while written < input.count {
                let count = input.withUnsafeBytes {
                    write(child.stdin, $0.baseAddress.map { $0 + written }, input.count - written)
                }
                if count <= 0 && errno != EINTR { break }
                written += max(count, 0)
            }
            close(child.stdin)
            signal(SIGPIPE, previous)
        }
        // Reaped before its stderr is read: a background server that `copy` starts may keep
        // the pipe open for as long as it serves, and its message is one short line.
        let status = Spawn.reap(child.pid) ?? 1
        _ = fcntl(child.stderr, F_SETFL, fcntl(child.stderr, F_GETFL) | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(child.stderr, &buffer, buffer.count)
        close(child.stderr)
        let message = count > 0 ? Array(buffer[0..<count]) : []
        guard status != 0 else { return nil }
        let text = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "failed (\(status))"
        return text.hasPrefix("copypasta: ") ? String(text.dropFirst(11)) : text
    }

    /// The selection flags of `copy` for the picker's `--selection`.
    var selectionFlags: [String] {
        switch options.selection {
        case "primary": ["--primary"]
        case "both": ["--both"]
        default: []
        }
    }
}
