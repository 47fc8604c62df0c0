import CopypastaCore
import Glibc
import Logging

/// Runs hooks (copypasta(1) HOOKS) as children of the event loop: standard input fed
/// without blocking, killed after the timeout, exit status and stderr logged,
/// children reaped on SIGCHLD. A hook can never stall capture.
///
/// At most `maxRunning` hooks run at once; later ones wait in a queue of at
/// most `maxQueued`, where a newer hook of the same event and entry replaces
/// the waiting one, and a full queue drops its oldest hook with a log line. A
/// waiting or running hook holds the entry's text itself, shared, never a copy.
final class HookRunner: PollSource {
    /// A hook to start.
    struct Job {
        /// The hook's name, for the log.
        let name: String
        /// The executable and its arguments.
        let argv: [String]
        /// Variables added to its environment.
        let environment: [String: String]
        /// Its standard input.
        var input: String
        /// Seconds until its process group is killed.
        let timeout: Double
        /// The entry the hook is about.
        let entry: Int64
        /// Exit statuses that are a normal ending, logged only in verbose mode (1: a cancelled picker).
        var normalStatuses: Set<Int32> = [0]
        /// Jobs with the same key replace each other while they wait (the hook and the entry id).
        var key: String { "\(name) \(entry)" }
    }

    /// How many hooks run at the same time.
    static let maxRunning = 4
    /// How many hooks wait for a free slot.
    static let maxQueued = 16

    /// Called with a job's name when its process has exited (the archive worker's end may start
    /// the next run: Agent+Archive.swift).
    var exited: ((String) -> Void)?
    private var processes: [pid_t: HookProcess] = [:]
    private var queue: [Job] = []
    private let logger: Logger

    /// A runner that logs to `logger`.
    init(logger: Logger) {
        self.logger = logger
    }

    /// Starts `job` now if fewer than `maxRunning` hooks run, else queues it.
    func run(_ job: Job) {
        var job = job
        if let shared = sharedInput(equalTo: job) { job.input = shared }
        if let waiting = queue.firstIndex(where: { $0.key == job.key }) {
            queue.remove(at: waiting)
            logger.debug("hook \(job.name) replaced a waiting one for the same entry")
        } else if queue.count >= Self.maxQueued {
            let dropped = queue.removeFirst()
            logger.warning(
                "hook \(dropped.name) not run: \(Self.maxRunning) hooks running and \(Self.maxQueued) waiting; dropped the oldest waiting",
                metadata: ["id": "\(dropped.entry)"])
        }
        queue.append(job)
        startWaiting()
    }

    /// Each running hook's stdin while input is left to write, and its stderr.
    var pollDescriptors: [pollfd] {
        processes.values.flatMap { hook -> [pollfd] in
            var fds: [pollfd] = []
            if hook.stdin >= 0 { fds.append(pollfd(fd: hook.stdin, events: Int16(POLLOUT), revents: 0)) }
            if hook.stderr >= 0 { fds.append(pollfd(fd: hook.stderr, events: Int16(POLLIN), revents: 0)) }
            return fds
        }
    }

    /// Feeds a hook's stdin or collects its stderr.
    func handle(fd: Int32, events: Int16) {
        guard let hook = processes.values.first(where: { $0.stdin == fd || $0.stderr == fd }) else { return }
        if fd == hook.stdin { hook.feed() } else { hook.drainStderr() }
    }

    /// The earliest deadline of a process group not yet killed.
    var nextDeadline: Double? {
        processes.values.filter { !$0.killed }.map(\.deadline).min()
    }

    /// Kills the process groups past their deadline: hooks still running, and what exited hooks left behind.
    func expire(now: Double) {
        for (pid, hook) in processes where !hook.killed && hook.deadline <= now {
            if hook.ending == nil {
                logger.warning("hook \(hook.name) timed out; killing it", metadata: ["pid": "\(pid)"])
            }
            hook.killGroup()
            if hook.ending != nil {
                hook.reap()
                processes[pid] = nil
            }
        }
        startWaiting()
    }

    /// Logs the hooks that have exited and starts waiting ones in their place.
    func childrenExited() {
        for (pid, hook) in processes where hook.ending == nil && hook.checkExited() {
            log(hook)
            exited?(hook.name)
            if hook.killed {
                hook.reap()
                processes[pid] = nil
            }
        }
        startWaiting()
    }

    /// Kills every hook's process group and forgets the waiting ones, when the process stops: nothing a
    /// hook started outlives the daemon, since no deadline of its loop would ever kill it.
    func stop() {
        let running = runningCount, waiting = queue.count
        queue.removeAll()
        for hook in processes.values { hook.killGroup() }
        processes.removeAll()
        if running + waiting > 0 {
            logger.info("stopped \(running) running hooks and dropped \(waiting) waiting ones")
        }
    }

    /// Whether a hook of this name runs or waits to run.
    func isActive(_ name: String) -> Bool {
        queue.contains { $0.name == name } || processes.values.contains { $0.name == name && $0.ending == nil }
    }

    /// Whether no hook runs or waits and no process group awaits its deadline.
    var isIdle: Bool { processes.isEmpty && queue.isEmpty }

    /// The input of a running or waiting hook of the same entry when it holds the same text: the new
    /// job takes that one, and its own copy (a fresh read of the same entry) is freed.
    private func sharedInput(equalTo job: Job) -> String? {
        let candidates =
            queue.filter { $0.entry == job.entry }.map(\.input)
            + processes.values.filter { $0.entry == job.entry }.compactMap(\.pendingInput)
        var mine = job.input
        return mine.withUTF8 { bytes in
            candidates.first { candidate in
                var other = candidate
                return other.withUTF8 { $0.count == bytes.count && $0.elementsEqual(bytes) }
            }
        }
    }

    private var runningCount: Int {
        processes.values.count { $0.ending == nil }
    }

    private func startWaiting() {
        while runningCount < Self.maxRunning, !queue.isEmpty {
            let job = queue.removeFirst()
            do {
                let hook = try HookProcess(job)
                processes[hook.pid] = hook
                logger.debug("hook \(job.name) started", metadata: ["pid": "\(hook.pid)"])
            } catch {
                logger.error("hook \(job.name) not run: \(error)")
            }
        }
    }

    private func log(_ hook: HookProcess) {
        let metadata: Logger.Metadata = ["pid": "\(hook.pid)"]
        switch hook.ending {
        case let .exited(code)? where hook.normalStatuses.contains(code):
            logger.debug("hook \(hook.name) finished", metadata: metadata.merging(["status": "\(code)"]) { $1 })
        case let .exited(code)? where !hook.killed:
            logger.warning(
                "hook \(hook.name) exited with status \(code)", metadata: metadata.merging(["stderr": "\(hook.errorText)"]) { $1 }
            )
        case let .signalled(number)? where !hook.killed:
            logger.warning(
                "hook \(hook.name) died of signal \(number)", metadata: metadata.merging(["stderr": "\(hook.errorText)"]) { $1 })
        case .exited?, .signalled?:
            logger.warning(
                "hook \(hook.name) was killed after its timeout",
                metadata: metadata.merging(["stderr": "\(hook.errorText)"]) { $1 })
        case nil:
            break
        }
    }
}
