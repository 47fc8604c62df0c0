import CopypastaCore
import Glibc
import Testing

@testable import CopypastaDaemon

/// The child-job runner that hooks and the background workers share (`HookRunner`): the
/// deadline kills the whole process group, output is kept up to its cap, the queue is bounded.
@Suite struct ChildJobTests {
    let log = RecordingLog()

    func shell(_ name: String, _ script: String, timeout: Double = 20, entry: Int64 = 0) -> HookRunner.Job {
        HookRunner.Job(name: name, argv: ["/bin/sh", "-c", script], environment: [:], input: "", timeout: timeout, entry: entry)
    }

    /// Drives `runner` as the event loop does until `done` holds; false when `seconds` pass first.
    /// The loop learns of exited children from SIGCHLD, which this driver does not receive: it
    /// looks for them after each wait, and waits at most 20 ms.
    func drive(_ runner: HookRunner, seconds: Double = 20, until done: () -> Bool) -> Bool {
        let end = monotonicSeconds() + seconds
        while !done() {
            let now = monotonicSeconds()
            guard now < end else { return false }
            var fds = runner.pollDescriptors
            let wait = min(end, runner.nextDeadline ?? end, now + 0.02) - now
            _ = poll(&fds, nfds_t(fds.count), Int32(max(0, wait) * 1000))
            for fd in fds where fd.revents != 0 { runner.handle(fd: fd.fd, events: fd.revents) }
            runner.expire(now: monotonicSeconds())
            runner.childrenExited()
        }
        return true
    }

    /// Whether process `pid` is gone (or a zombie no one waits for any more).
    static func isGone(_ pid: pid_t) -> Bool {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return true }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return true }
        let stat = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // "pid (comm) S ...": the state follows the last parenthesis.
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingPrefix(" ").first == "Z"
    }

    @Test func aJobPastItsDeadlineIsKilledWithItsGrandchild() throws {
        let runner = HookRunner(logger: log.logger)
        var result: HookRunner.Result?
        var job = shell("slow", "sleep 60 & echo $!; wait", timeout: 0.5)
        job.outputLimit = 64
        job.finished = { result = $0 }
        runner.run(job)
        #expect(drive(runner) { result != nil })
        #expect(result?.killed == true && result?.ending == .signalled(SIGKILL))
        let printed = String(decoding: result?.output ?? [], as: UTF8.self)
        let grandchild = try #require(printed.split(separator: "\n").first.flatMap { Int32($0) })
        let end = monotonicSeconds() + 10
        while !Self.isGone(grandchild) && monotonicSeconds() < end { _ = poll(nil, 0, 10) }
        #expect(Self.isGone(grandchild), "the grandchild died with the group")
        #expect(log.contains("hook slow timed out"))
        #expect(drive(runner) { runner.isIdle })
    }

    @Test func outputAndErrorsAreKeptUpToTheirCaps() {
        let runner = HookRunner(logger: log.logger)
        var result: HookRunner.Result?
        var job = shell("loud", "head -c 100000 /dev/zero | tr '\\0' x; echo abcdef >&2")
        job.outputLimit = 1000
        job.errorLimit = 3
        job.finished = { result = $0 }
        runner.run(job)
        #expect(drive(runner) { result != nil })
        #expect(result?.ending == .exited(0) && result?.killed == false)
        #expect(result?.output == Array(repeating: UInt8(ascii: "x"), count: 1000) && result?.outputTruncated == true)
        #expect(result?.errors == "abc")
    }

    @Test func aJobWithoutOutputLimitWritesToNothing() {
        let runner = HookRunner(logger: log.logger)
        var result: HookRunner.Result?
        var job = shell("quiet", "echo hidden")
        job.finished = { result = $0 }
        runner.run(job)
        #expect(drive(runner) { result != nil })
        #expect(result?.output == [] && result?.outputTruncated == false)
    }

    @Test func theQueueIsBoundedAndDropsItsOldestWaitingJob() {
        let runner = HookRunner(logger: log.logger, maxRunning: 1, maxQueued: 2)
        var finished: [String] = []
        for (index, name) in ["running", "dropped", "kept", "last"].enumerated() {
            var job = shell(name, "exit 0", entry: Int64(index))
            job.finished = { finished.append($0.name) }
            runner.run(job)
        }
        #expect(log.contains("hook dropped not run", "1 hooks running and 2 waiting"))
        // An exited job's group is killed at its deadline only, so the runner is not idle before.
        #expect(drive(runner) { finished.count == 3 })
        #expect(finished == ["running", "kept", "last"])
    }

    @Test func aWaitingJobOfTheSameNameAndEntryIsReplaced() {
        let runner = HookRunner(logger: log.logger, maxRunning: 1, maxQueued: 2)
        var finished: [String] = []
        for script in ["exit 0", "exit 1", "exit 2"] {
            var job = shell("same", script, entry: 7)
            job.normalStatuses = [0, 1, 2]
            job.finished = { result in
                if case let .exited(code) = result.ending { finished.append("\(code)") }
            }
            runner.run(job)
        }
        #expect(drive(runner) { finished.count == 2 })
        #expect(finished == ["0", "2"])
    }
}
