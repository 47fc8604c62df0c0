import Glibc

/// What the event loop drives besides the X connection (the IPC server, hooks, expansion, sync,
/// sliced work, the snippet folder), all in one shape: descriptors, a deadline, the exit of
/// child processes and the end of the process. The loop knows no source by its type.
protocol PollSource: AnyObject {
    /// The descriptors to poll, with the events wanted.
    var pollDescriptors: [pollfd] { get }
    /// Handles readiness of one of `pollDescriptors`.
    func handle(fd: Int32, events: Int16)
    /// The earliest deadline this source needs a wake-up for.
    var nextDeadline: Double? { get }
    /// Handles deadlines that have passed.
    func expire(now: Double)
    /// Collects the source's children that have exited: the loop calls it on every SIGCHLD,
    /// which does not say whose child it was.
    func childrenExited()
    /// Ends what the source still runs, when the process stops (nothing it started may
    /// outlive the daemon).
    func stop()
}

extension PollSource {
    /// A source without children has none to collect.
    func childrenExited() {}
    /// A source that runs nothing has nothing to end.
    func stop() {}
}
