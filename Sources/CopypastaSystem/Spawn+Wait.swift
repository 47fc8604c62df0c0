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
