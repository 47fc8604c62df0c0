import Glibc

/// A background worker the daemon starts as one child job through the child-job runner
/// (docs/DESIGN.md "Link archives" and "AI assistance"): never two of one kind at a time, a
/// deadline for the whole run (its process group is killed past it), and a second run when
/// work arrived while it ran. The worker itself picks its work from the database.
struct BackgroundWorker: Sendable {
    /// The runner's name for the worker's job.
    var job: String
    /// The executable, found beside the daemon's own.
    var executable: String
    /// Seconds one run may take before it is killed; the worker is told `budget`.
    var seconds: Double

    /// The seconds the worker is told it has: a minute less than `seconds`, or a tenth less for
    /// a run shorter than ten minutes, so that it stops taking work before it is killed.
    var budget: Int { max(1, Int(seconds - min(60, seconds / 10))) }

    /// `copypasta-archive`: fetches pending link archives.
    static let archive = BackgroundWorker(job: "archive", executable: "copypasta-archive", seconds: 900)
    /// `copypasta-ai auto`: runs the assistant on new library items (`ai-auto`).
    static let ai = BackgroundWorker(job: "ai", executable: "copypasta-ai", seconds: 600)
}

extension Agent {
    /// Starts `worker` with `arguments` after `--db` and `--config`, unless it runs; while it
    /// runs, notes that it should run again when it ends. Logs `missing` when the executable
    /// is not installed beside `copypasta`.
    func startWorker(_ worker: BackgroundWorker, arguments: [String], missing: String) {
        let runner = loop.hookRunner(logger: logger)
        guard !runner.isActive(worker.job) else {
            workersWanted.insert(worker.job)
            return
        }
        guard let path = Self.workerPath(worker.executable) else { return logger.warning("\(missing)") }
        var job = HookRunner.Job(
            name: worker.job,
            argv: [path, "--db", paths.database, "--config", paths.configFile] + arguments
                + ["--seconds", "\(worker.budget)"],
            environment: [:], input: "", timeout: worker.seconds, entry: 0)
        job.finished = { [unowned self] result in workerExited(result.name) }
        runner.run(job)
    }

    /// A worker ended: it runs again when work arrived meanwhile; a finished archive run may
    /// have archived links that the assistant waits for, and whose new archives sync carries.
    private func workerExited(_ name: String) {
        let again = workersWanted.remove(name) != nil
        switch name {
        case BackgroundWorker.archive.job:
            if again { startArchiveWorker() }
            startAIWorker()
            sync.kick()
        case BackgroundWorker.ai.job:
            if again { startAIWorker() }
        default: break
        }
    }

    /// `name` beside the daemon's own executable, as `pick` finds `copypasta-picker`.
    static func workerPath(_ name: String) -> String? {
        guard let own = ownExecutable(), let slash = own.lastIndex(of: "/") else { return nil }
        let worker = String(own[...slash]) + name
        return access(worker, X_OK) == 0 ? worker : nil
    }
}
