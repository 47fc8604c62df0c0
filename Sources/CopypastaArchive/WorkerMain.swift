import CopypastaCore
import CopypastaStore
import CopypastaSystem
import Glibc

/// `copypasta-archive --db PATH --config PATH [--seconds N]`: the archive worker the daemon
/// starts when links are pending (docs/DESIGN.md "Link archives"); not meant to be run by hand,
/// though it does no harm. Exits 0 when the queue is empty or its time is up.
public enum WorkerMain {
    /// Runs the worker with `arguments` (without the program name); returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        var options: [String: String] = [:]
        var index = 0
        while index + 1 < arguments.count, ["--db", "--config", "--seconds"].contains(arguments[index]) {
            options[arguments[index]] = arguments[index + 1]
            index += 2
        }
        guard index == arguments.count, let database = options["--db"], let configPath = options["--config"],
            let seconds = Double(options["--seconds"] ?? "600"), seconds > 0
        else {
            complain("usage: copypasta-archive --db PATH --config PATH [--seconds N] (the daemon runs it)")
            return ExitStatus.usage.rawValue
        }
        let config: Config
        do {
            config = try ConfigFile.load(configPath)
        } catch {
            complain("\(error)")
            return ExitStatus.badConfig.rawValue
        }
        // archive-links = off: nothing is fetched, whatever the queue holds.
        guard config.library.archiveLinks != .off else { return ExitStatus.success.rawValue }
        do {
            let store = try HistoryStore(path: database, create: false)
            let worker = ArchiveWorker(store: store, limits: limits(config.library), log: complain)
            _ = try worker.run(seconds: seconds)
            return ExitStatus.success.rawValue
        } catch {
            complain("\(error)")
            return error.exitStatus.rawValue
        }
    }

    /// The limits the configuration chooses.
    static func limits(_ settings: LibrarySettings) -> ArchiveLimits {
        var limits = ArchiveLimits()
        limits.allowPrivateAddresses = settings.archivePrivateHosts
        limits.renderer = settings.archiveRenderer == .chromium ? .chromium : .direct
        return limits
    }

    private static func complain(_ line: String) {
        let bytes = Array("copypasta-archive: \(line)\n".utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
