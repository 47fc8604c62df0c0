import CopypastaCore
import CopypastaStore
import Glibc

/// The daemon's part in link archives (docs/DESIGN.md "Link archives"): it never fetches. When
/// links are pending (at start, on `archive-kick` from a command that queued some, after a
/// capture queued one) it starts one `copypasta-archive` child through the hook runner, with a
/// deadline for the whole run; never a second one while it runs. libcurl and the HTML parser
/// load in that child only.
extension Agent {
    /// The hook runner's name for the worker's job.
    static let archiveJob = "archive"
    /// Seconds one run of the worker may take before its process group is killed; the worker
    /// itself stops taking links a little before.
    static let archiveRunSeconds = 900.0

    /// Starts the worker when links are pending and it does not run; while it runs, notes that
    /// it should run again when it ends.
    func startArchiveWorker() {
        guard config.library.archiveLinks != .off else { return }
        let runner = loop.hookRunner(logger: logger)
        if runner.exited == nil {
            runner.exited = { [unowned self] name in
                guard name == Self.archiveJob, archiveWanted else { return }
                archiveWanted = false
                startArchiveWorker()
            }
        }
        guard !runner.isActive(Self.archiveJob) else {
            archiveWanted = true
            return
        }
        guard let pending = try? store.pendingArchives(limit: 1), !pending.isEmpty else { return }
        guard let worker = Self.archiveWorkerPath() else {
            return logger.warning("links wait for their archive, but copypasta-archive is not installed next to copypasta")
        }
        runner.run(
            HookRunner.Job(
                name: Self.archiveJob,
                argv: [
                    worker, "--db", paths.database, "--config", paths.configFile,
                    "--seconds", "\(Int(Self.archiveRunSeconds) - 60)",
                ],
                environment: [:], input: "", timeout: Self.archiveRunSeconds, entry: 0))
    }

    /// A link captured from the clipboard is queued with `archive-links = all`.
    func queueCapturedLink(id: Int64, text: String) {
        guard config.library.archiveLinks == .all, EntryKind.of(text) == .link else { return }
        let url = text.trimmingWhitespace()
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else { return }
        do {
            try store.queueArchive(id: id, url: url)
            startArchiveWorker()
        } catch {
            logger.warning("captured link not queued for its archive: \(error)", metadata: ["id": "\(id)"])
        }
    }

    /// `copypasta-archive` beside the daemon's own executable, as `pick` finds `copypasta-picker`.
    static func archiveWorkerPath() -> String? {
        guard let own = ownExecutable(), let slash = own.lastIndex(of: "/") else { return nil }
        let worker = String(own[...slash]) + "copypasta-archive"
        return access(worker, X_OK) == 0 ? worker : nil
    }
}

extension String {
    /// Without leading and trailing white space.
    fileprivate func trimmingWhitespace() -> String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}
