import CSystem
import Glibc

/// A private Xvfb started with -displayfd; stopped by its PID on deinit.
public final class XServer: @unchecked Sendable {
    /// The display name, like ":3".
    public let display: String
    private let child: Child

    /// Starts Xvfb and waits (with a deadline) until it writes its display number.
    public init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe2(&fds, O_CLOEXEC) == 0 else { throw SpawnError("pipe failed") }
        defer { close(fds[0]) }
        child = try Child(
            ["Xvfb", "-displayfd", "3", "-screen", "0", "640x480x24", "-nolisten", "tcp", "-noreset"],
            captureOutput: false, stdin: false, extraFD: fds[1])
        close(fds[1])
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 64)
        let deadline = Clock.now() + 20
        while !text.hasSuffix("\n") && Clock.now() < deadline {
            var pfd = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 1000) >= 0 else { break }
            if pfd.revents == 0 { continue }
            let count = read(fds[0], &buffer, buffer.count)
            if count <= 0 { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        guard let number = Int(text.trimmingSpaces()) else {
            child.stop()
            throw SpawnError("Xvfb did not report a display")
        }
        display = ":\(number)"
    }

    /// Kills the server (to test a lost connection).
    public func kill() {
        child.signal(SIGKILL)
        child.wait()
    }

    deinit {
        child.stop()
    }
}

extension StringProtocol {
    /// Without leading and trailing white space.
    public func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}
