import CopypastaCore
import Glibc
import Logging

/// Runs child jobs as children of the event loop: hooks (copypasta(1) HOOKS) and the background
/// workers (`BackgroundWorker`). Standard input fed without blocking, the process group killed
/// at the deadline (a grandchild too), stdout and stderr kept up to their caps, exit status and
/// stderr logged, children reaped on SIGCHLD, and the job's `finished` told how it ended. A job
/// can never stall capture.
///
/// At most `maxRunning` jobs run at once; later ones wait in a queue of at
/// most `maxQueued`, where a newer job of the same name and entry replaces
/// the waiting one, and a full queue drops its oldest job with a log line. A
/// waiting or running hook holds the entry's text itself, shared, never a copy.
final class HookRunner: PollSource {
    /// How a job ended, as its `finished` learns it.
    struct Result {
        /// The job's name.
        let name: String
        /// Its exit status or the signal that ended it.
        let ending: HookProcess.Ending
        /// Whether its process group was killed at the deadline.
        let killed: Bool
        /// Its standard output, up to `Job.outputLimit` bytes.
        let output: [UInt8]
        /// Whether it wrote more than that.
        let outputTruncated: Bool
        /// Its standard error, up to `Job.errorLimit` bytes, on one line.
        let errors: String
    }

    /// A job to start.
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
        /// Bytes of its standard output kept for `finished`; at 0 its output goes to /dev/null.
        var outputLimit = 0
        /// Bytes of its standard error kept for the log and `finished`.
        var errorLimit = 2048
        /// Told how the job ended, once, when its process has exited (not when the daemon stops).
        var finished: ((Result) -> Void)?
        /// Jobs with the same key replace each other while they wait (the hook and the entry id).
        var key: String { "\(name) \(entry)" }
    }

    /// How many jobs run at the same time.
    let maxRunning: Int
    /// How many jobs wait for a free slot.
    let maxQueued: Int

    private var processes: [pid_t: HookProcess] = [:]
    private var queue: [Job] = []
    private let logger: Logger

    /// A runner that logs to `logger`, running `maxRunning` jobs at once with `maxQueued` waiting.
    init(logger: Logger, maxRunning: Int = 4, maxQueued: Int = 16) {
        self.logger = logger
        self.maxRunning = maxRunning
        self.maxQueued = maxQueued
    }

    /// Starts `job` now if fewer than `maxRunning` hooks run, else queues it.
    func run(_ job: Job) {
        var job = job
        if let shared = sharedInput(equalTo: job) { job.input = shared }
        if let waiting = queue.firstIndex(where: { $0.key == job.key }) {
            queue.remove(at: waiting)
            logger.debug("hook \(job.name) replaced a waiting one for the same entry")
        } else if queue.count >= maxQueued {
            let dropped = queue.removeFirst()
            logger.warning(
                "hook \(dropped.name) not run: \(maxRunning) hooks running and \(maxQueued) waiting; dropped the oldest waiting",
                metadata: ["id": "\(dropped.entry)"])
        }
        queue.append(job)
        startWaiting()
    }

    /// Each running job's stdin while input is left to write, its stdout and its stderr.
    var pollDescriptors: [pollfd] {
        processes.values.flatMap { hook -> [pollfd] in
            var fds: [pollfd] = []
            if hook.stdin >= 0 { fds.append(pollfd(fd: hook.stdin, events: Int16(POLLOUT), revents: 0)) }
            for fd in [hook.output.fd, hook.errors.fd] where fd >= 0 {
                fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
            }
            return fds
        }
    }

    /// Feeds a job's stdin or collects its stdout or stderr.
    func handle(fd: Int32, events: Int16) {
        guard let hook = processes.values.first(where: { $0.stdin == fd || $0.output.fd == fd || $0.errors.fd == fd })
        else { return }
        if fd == hook.stdin { hook.feed() } else { hook.drain(fd: fd) }
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
            if let ending = hook.ending {
                hook.finished?(
                    Result(
                        name: hook.name, ending: ending, killed: hook.killed, output: hook.output.bytes,
                        outputTruncated: hook.output.truncated, errors: hook.errorText))
            }
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
        while runningCount < maxRunning, !queue.isEmpty {
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
