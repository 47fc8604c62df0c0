import Glibc

/// What a child job writes to one of its pipes (stdout or stderr), kept up to a cap
/// (`HookRunner.Job.outputLimit`, `errorLimit`); the rest is read and dropped so the child never
/// blocks on a full pipe. The pipe is non-blocking: nothing here waits for a child, and a
/// descendant that holds the pipe open after the child exited cannot stall the loop.
struct CappedOutput {
    /// Our read end while the child may write, else -1.
    private(set) var fd: Int32
    /// At most this many bytes are kept.
    let limit: Int
    /// What was kept.
    private(set) var bytes: [UInt8] = []
    /// Whether the child wrote more than `limit` bytes.
    private(set) var truncated = false

    /// Reads `fd` (-1: nothing) without blocking, keeping `limit` bytes.
    init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
        if fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    /// Reads what is in the pipe now; closes it at end of file or on an error. Returns whether
    /// anything was read.
    @discardableResult
    mutating func drain() -> Bool {
        guard fd >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &buffer, buffer.count)
        if count > 0 {
            let kept = min(count, limit - bytes.count)
            if kept > 0 { bytes.append(contentsOf: buffer[0..<kept]) }
            if kept < count { truncated = true }
        }
        // Stop polling a closed pipe at once: a child that closes it and runs on must not leave
        // a hung-up descriptor that wakes poll() in a loop.
        if count == 0 || count < 0 && errno != EAGAIN && errno != EINTR { close() }
        return count > 0
    }

    /// Reads what is already in the pipe, never waiting for more (a descendant may hold it open
    /// for ever, or write on for ever: at most a full pipe's 64 KiB past the cap is read), then
    /// closes it.
    mutating func drainRemaining() {
        var reads = limit / 4096 + 16
        while reads > 0, drain() { reads -= 1 }
        close()
    }

    /// Closes our end.
    mutating func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }
}
