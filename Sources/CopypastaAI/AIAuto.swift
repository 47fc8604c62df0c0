import CopypastaCore
import CopypastaStore
import Glibc

/// `copypasta-ai auto`: the run the daemon starts for `ai-auto` (copypasta(1) ai,
/// docs/DESIGN.md "AI assistance"). It takes the newest library items that lack results
/// (`HistoryStore.aiAutoCandidates`), at most `perRun` of them, one request every
/// `gapSeconds` at most, and stops at its deadline. An item the rules refuse is skipped (and
/// noted); any other failure ends the run: the next new item starts another.
public enum AIAuto {
    /// The most items one run sends.
    public static let perRun = 20
    /// The least time between two requests, in seconds: the rate stays bounded.
    public static let gapSeconds = 2.0

    /// Runs `ai-auto` for at most `seconds`; notes go to `note`.
    public static func run(
        store: HistoryStore, config: Config, home: String, seconds: Double, transport: AIExchange.Transport,
        note: (String) -> Void
    ) throws {
        let verb: AIRun.Verb
        switch config.ai.auto {
        case .off: return
        case .tags: verb = .tags(apply: false)
        case .summary: verb = .summarize
        }
        let deadline = now() + seconds
        var sent = 0
        // More candidates than the run sends, so that refused items never hold back the others.
        for id in try store.aiAutoCandidates(limit: perRun * 4) {
            guard sent < perRun, now() + gapSeconds < deadline else { break }
            if sent > 0 { pause(gapSeconds) }
            do {
                try AIRun(verb: verb, ids: [id], dryRun: false).run(
                    store: store, config: config, home: home, transport: transport, out: { _ in }, note: note)
                sent += 1
            } catch AIError.refused(let reason) {
                note(reason)
            }
        }
    }

    /// Monotonic seconds.
    private static func now() -> Double {
        var stamp = timespec()
        clock_gettime(CLOCK_MONOTONIC, &stamp)
        return Double(stamp.tv_sec) + Double(stamp.tv_nsec) / 1e9
    }

    /// Sleeps `seconds` (the worker is a child process: the daemon's loop never waits on it).
    private static func pause(_ seconds: Double) {
        var wait = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var left = timespec()
        while nanosleep(&wait, &left) != 0 && errno == EINTR { wait = left }
    }
}
