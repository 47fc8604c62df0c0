import CSystem
import Glibc

/// SIGTERM, SIGINT, SIGHUP and SIGCHLD delivered as readable data on a
/// signalfd, so that the event loop's poll() wakes for them (no handlers,
/// no races). SIGPIPE is ignored: a client that hangs up is a write error.
final class SignalSource {
    /// The signalfd to poll.
    let fd: Int32
    private static let handled = [SIGTERM, SIGINT, SIGHUP, SIGCHLD]

    /// Blocks the handled signals and opens the signalfd.
    init() {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in Self.handled { sigaddset(&mask, signal) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        signal(SIGPIPE, SIG_IGN)
        fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        precondition(fd >= 0, "signalfd failed: \(errno)")
    }

    deinit {
        close(fd)
    }

    /// The signals that arrived since the last call.
    func take() -> [Int32] {
        var signals: [Int32] = []
        var info = signalfd_siginfo()
        while read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            signals.append(Int32(info.ssi_signo))
        }
        return signals
    }
}
