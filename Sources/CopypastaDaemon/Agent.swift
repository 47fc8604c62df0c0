import CSystem
import CopypastaCore
import CopypastaStore
import CopypastaX11
import Glibc
import Logging

/// The capture agent: one thread, one poll() over the X connection, the
/// signalfd and the poll sources (IPC clients, hook children), with every
/// timeout kept as a deadline of the loop. Idle means blocked in poll() with
/// no timeout: zero wake-ups.
public final class Agent {
    let display: X11Display
    let store: HistoryStore
    let paths: Paths
    var config: Config
    var filter: CaptureFilter
    let logger: Logger
    private let lock: InstanceLock
    private let signals = SignalSource()
    var sources: [PollSource] = []
    /// When the agent started, for status.
    let startedAt = Timestamp.now()
    private var exitStatus: ExitStatus?
    var capture = CaptureState()

    /// Takes the instance lock, opens the database and the display; throws when any is unavailable.
    public init(paths: Paths, config: Config, displayName: String?, logger: Logger) throws {
        store = try HistoryStore(path: paths.database)
        lock = try InstanceLock(database: paths.database)
        display = try X11Display(displayName: displayName)
        self.paths = paths
        self.config = config
        self.logger = logger
        filter = CaptureFilter(config: config)
        display.delegate = self
    }

    /// Runs until SIGTERM/SIGINT (0) or until the X connection is lost (69).
    public func run() -> ExitStatus {
        display.watch(config.selections)
        for selection in config.selections { readCurrent(selection) }
        logger.info("watching \(selectionNames) on \(display.name)", metadata: ["db": "\(paths.database)", "pid": "\(getpid())"])
        while exitStatus == nil {
            display.dispatchPending()
            if display.isLost { return connectionLost() }
            for error in display.takeProtocolErrors() { logger.debug("\(error)") }
            let now = monotonicSeconds()
            display.handleTimeouts(now: now)
            expireTimers(now: now)
            for source in sources { source.expire(now: now) }
            display.dispatchPending()
            if display.isLost { return connectionLost() }
            waitForEvents()
        }
        logger.info("stopped")
        return exitStatus ?? .success
    }

    var selectionNames: String {
        config.selections.map { $0.rawValue.uppercased() }.joined(separator: ", ")
    }

    private func connectionLost() -> ExitStatus {
        logger.error("lost connection to X display \(display.name); exiting (the service manager restarts copypasta)")
        return .unavailable
    }

    private func waitForEvents() {
        var fds = [pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)]
        var owners: [ObjectIdentifier] = [ObjectIdentifier(display), ObjectIdentifier(signals)]
        for source in sources {
            for descriptor in source.pollDescriptors {
                fds.append(descriptor)
                owners.append(ObjectIdentifier(source))
            }
        }
        let deadlines = [display.nextDeadline, nextTimer] + sources.map(\.nextDeadline)
        var timeout: Int32 = -1
        if let deadline = deadlines.compactMap({ $0 }).min() {
            timeout = Int32(max(0, min((deadline - monotonicSeconds()) * 1000, 3_600_000)).rounded(.up))
        }
        let ready = poll(&fds, nfds_t(fds.count), timeout)
        guard ready > 0 else { return }
        if fds[1].revents != 0 { handleSignals() }
        for (index, descriptor) in fds.enumerated().dropFirst(2) where descriptor.revents != 0 {
            sources.first { ObjectIdentifier($0) == owners[index] }?.handle(fd: descriptor.fd, events: descriptor.revents)
        }
    }

    private func handleSignals() {
        for signal in signals.take() {
            switch signal {
            case SIGTERM, SIGINT:
                logger.info("received \(signal == SIGTERM ? "SIGTERM" : "SIGINT"), shutting down")
                exitStatus = .success
            case SIGHUP:
                reloadConfig()
            default:
                childExited()
            }
        }
    }

    /// Re-reads the config file; a bad new file keeps the old configuration (SPEC §4, SIGHUP).
    @discardableResult
    func reloadConfig() -> String? {
        do {
            let fresh = try ConfigFile.load(paths.configFile)
            config = fresh
            filter = CaptureFilter(config: fresh)
            display.watch(fresh.selections)
            logger.info("configuration reloaded from \(paths.configFile)")
            return nil
        } catch {
            logger.error("configuration not reloaded, keeping the previous one: \(error)")
            return "\(error)"
        }
    }

    /// Reaps children; hook sources also watch their own pids.
    func childExited() {
        for case let runner as HookRunner in sources { runner.reap() }
    }
}
