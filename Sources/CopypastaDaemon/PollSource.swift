import Glibc

/// Something the event loop polls besides the X connection: the IPC server, hook children.
protocol PollSource: AnyObject {
    /// The descriptors to poll, with the events wanted.
    var pollDescriptors: [pollfd] { get }
    /// Handles readiness of one of `pollDescriptors`.
    func handle(fd: Int32, events: Int16)
    /// The earliest deadline this source needs a wake-up for.
    var nextDeadline: Double? { get }
    /// Handles deadlines that have passed.
    func expire(now: Double)
}
