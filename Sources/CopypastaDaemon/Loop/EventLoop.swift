import CopypastaCore
import CopypastaX11
import Glibc
import Logging

/// The single-threaded loop shared by the daemon and the background
/// selection server: drain Xlib's queue, run what is due, then block in
/// poll() on the X connection, the signalfd and the poll sources until
/// something happens or the earliest deadline passes. No deadline, no
/// timeout: an idle process makes no wake-ups.
final class EventLoop {
    /// The X connection whose events the loop dispatches.
    let display: X11Display
    private let signals = SignalSource()
    /// Sources polled besides the display and the signals.
    var sources: [PollSource] = []
    /// Work that waits until the event being handled is answered (`afterReply`).
    private var afterwards: [() -> Void] = []

    /// A loop over `display`, the signals and no other source yet.
    init(display: X11Display) {
        self.display = display
    }

    /// One turn: handles X events and deadlines, then, while `keepGoing` holds, waits for the next
    /// event or the earliest of `timers`. Returns false once the X connection is lost.
    ///
    /// `timers` is read after the events and deadlines of this turn ran, just before the wait:
    /// they may set a deadline (a capture that met a busy database schedules its retry), and a
    /// value read earlier would let the loop sleep past it until some unrelated event.
    func turn(
        timers: @autoclosure () -> Double?, expire: (Double) -> Void, keepGoing: () -> Bool, signal: (Int32) -> Void
    ) -> Bool {
        display.dispatchPending()
        guard !display.isLost else { return false }
        let now = monotonicSeconds()
        display.handleTimeouts(now: now)
        expire(now)
        for source in sources { source.expire(now: now) }
        display.dispatchPending()
        guard !display.isLost else { return false }
        runAfterwards()
        if keepGoing() { wait(timers: timers(), signal: signal) }
        runAfterwards()
        return !display.isLost
    }

    /// Runs `work` once the event being handled is answered: a restore's log line and feedback
    /// hook wait until its client has its reply (the client returns as soon as the ownership is
    /// confirmed and the use recorded), and run before the loop waits again.
    func afterReply(_ work: @escaping () -> Void) {
        afterwards.append(work)
    }

    private func runAfterwards() {
        while !afterwards.isEmpty { afterwards.removeFirst()() }
    }

    /// Ends what every source still runs, when the process stops.
    func stopSources() {
        for source in sources { source.stop() }
    }

    private func wait(timers: Double?, signal: (Int32) -> Void) {
        var fds = [
            pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0),
        ]
        var owners: [ObjectIdentifier?] = [nil, nil]
        for source in sources {
            for descriptor in source.pollDescriptors {
                fds.append(descriptor)
                owners.append(ObjectIdentifier(source))
            }
        }
        let deadlines = [display.nextDeadline, timers] + sources.map(\.nextDeadline)
        var timeout: Int32 = -1
        if let deadline = deadlines.compactMap({ $0 }).min() {
            timeout = Int32(max(0, min((deadline - monotonicSeconds()) * 1000, 3_600_000)).rounded(.up))
        }
        guard poll(&fds, nfds_t(fds.count), timeout) > 0 else { return }
        if fds[1].revents != 0 {
            for number in signals.take() {
                if number == SIGCHLD {
                    for source in sources { source.childrenExited() }
                } else {
                    signal(number)
                }
            }
        }
        for (index, descriptor) in fds.enumerated().dropFirst(2) where descriptor.revents != 0 {
            sources.first { ObjectIdentifier($0) == owners[index] }?.handle(fd: descriptor.fd, events: descriptor.revents)
        }
    }
}
