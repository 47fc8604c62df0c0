import Glibc

/// Long work that the loop runs in bounded slices between events (docs/DESIGN.md §2): an expiry
/// that purges thousands of entries, a big pack of sync records.
protocol SlicedJob: AnyObject {
    /// Does one bounded slice of the work (a few tens of milliseconds at most); returns true once
    /// the job is finished, failed included: a job reports its own outcome.
    func runSlice() -> Bool
}

/// The loop's queue of sliced jobs, a poll source without descriptors.
///
/// While a job is queued, the source's deadline is always due: poll() then gets a zero timeout
/// and only collects what is ready, the loop handles those events (an X event of a copy, an
/// IPC request, a signal), and the next turn runs the next slice. Every event waits for at most
/// one slice. With no job, the source has no deadline and the loop sleeps as before: no
/// polling, zero wake-ups when idle. Jobs take turns, one slice each.
final class SlicedWork: PollSource {
    private var jobs: [any SlicedJob] = []

    /// Queues `job`; its first slice runs in the loop's next turn.
    func add(_ job: any SlicedJob) {
        jobs.append(job)
    }

    /// Whether `job` is still queued.
    func contains(_ job: any SlicedJob) -> Bool {
        jobs.contains { $0 === job }
    }

    /// Drops `job` unfinished (a snippet folder no longer configured).
    func remove(_ job: any SlicedJob) {
        jobs.removeAll { $0 === job }
    }

    var pollDescriptors: [pollfd] { [] }

    func handle(fd: Int32, events: Int16) {}

    /// Due at once while a job is queued (a zero poll() timeout), nothing otherwise.
    var nextDeadline: Double? { jobs.isEmpty ? nil : 0 }

    /// Runs one slice of the first job, then moves that job behind the others.
    func expire(now: Double) {
        guard !jobs.isEmpty else { return }
        let job = jobs.removeFirst()
        if !job.runSlice() { jobs.append(job) }
    }
}
