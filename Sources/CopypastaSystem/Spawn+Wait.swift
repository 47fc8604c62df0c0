import CopypastaCore
import Glibc

extension Spawn {
    /// A wait status as a shell reports it: the exit code, or 128 + the signal number that killed the child.
    public static func exitCode(waitStatus status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Waits for child `pid` to end, retrying on EINTR; its `exitCode`, or nil when `block` is false and it still runs.
    public static func reap(_ pid: pid_t, block: Bool = true) -> Int32? {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, block ? 0 : WNOHANG)
            if reaped == pid { return exitCode(waitStatus: status) }
            if reaped < 0 && errno == EINTR { continue }
            return nil
        }
    }
}

/// How ``Spawn/drain(_:until:bufferSize:_:)`` stopped reading a child's pipe.
public enum PipeEnd: Sendable, Equatable {
    /// The pipe's end: the child closed it.
    case end
    /// The deadline passed first.
    case deadline
    /// read() failed.
    case failed
    /// The caller's `take` asked to stop.
    case stopped
}

extension Spawn {
    /// Reads `fd` (a child's pipe) to its end, handing each chunk to `take` (false stops), waiting
    /// in poll() no later than `deadline` (`monotonicSeconds`): a child that never closes its
    /// output cannot hold the caller.
    public static func drain(
        _ fd: Int32, until deadline: Double, bufferSize: Int = 1 << 16, _ take: (ArraySlice<UInt8>) -> Bool
    ) -> PipeEnd {
        var buffer = [UInt8](repeating: 0, count: bufferSize)
        while true {
            let left = deadline - monotonicSeconds()
            guard left > 0 else { return .deadline }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(min(left * 1000, 60_000)) + 1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .failed }
            if count == 0 { return .end }
            guard take(buffer[..<count]) else { return .stopped }
        }
    }
}
