import Testing

@testable import CopypastaDaemon

/// The loop's sliced jobs: a due deadline only while a job is queued (idle means no wake-up),
/// one slice per turn, jobs taking turns.
@Suite struct SlicedWorkTests {
    /// A job of `slices` slices that records each in `trace`.
    final class CountingJob: SlicedJob {
        let name: String
        var left: Int
        weak var log: Log?

        init(_ name: String, slices: Int, log: Log) {
            self.name = name
            left = slices
            self.log = log
        }

        func runSlice() -> Bool {
            left -= 1
            log?.entries.append(name)
            return left == 0
        }
    }

    final class Log {
        var entries: [String] = []
    }

    @Test func jobsTakeTurnsOneSliceAtATimeAndIdleMeansNoDeadline() {
        let work = SlicedWork()
        let log = Log()
        #expect(work.nextDeadline == nil)
        let first = CountingJob("a", slices: 3, log: log), second = CountingJob("b", slices: 1, log: log)
        work.add(first)
        work.add(second)
        #expect(work.nextDeadline == 0)
        for turn in 0..<4 { work.expire(now: Double(turn)) }
        #expect(log.entries == ["a", "b", "a", "a"])
        #expect(work.nextDeadline == nil)
        #expect(!work.contains(first))
        work.expire(now: 5)
        #expect(log.entries.count == 4)
    }
}
