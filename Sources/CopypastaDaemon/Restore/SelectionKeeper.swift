import CopypastaCore
import CopypastaStore
import CopypastaX11
import Glibc
import Logging

/// The background server `copy` starts when no daemon runs (docs/DESIGN.md §4): its
/// own process and X connection, owning the selection until another client
/// takes it and every transfer in progress has finished (ICCCM §2.2), like xclip.
public final class SelectionKeeper {
    let display: X11Display
    let loop: EventLoop
    let logger: Logger
    private var stopping = false
    /// The key of the secure entries, when the entry to serve is secure (asked for by `serve` itself).
    public var key: SecretKey?
    /// When to take a secure entry off CLIPBOARD (`secure-clear`), and its fingerprint.
    private var secureClear: (at: Double, fingerprint: Fingerprint)?

    /// Opens the display; throws when it is unavailable.
    public init(displayName: String?) throws {
        display = try X11Display(displayName: displayName)
        loop = EventLoop(display: display)
        var logger = Logger(label: "copypasta-serve")
        logger.logLevel = .critical
        self.logger = logger
    }

    /// Owns `selections` with entry `id` (confirmed), records the use and starts the copy feedback.
    public func take(id: Int64, selections: [Config.Selection], store: HistoryStore, config: Config, paths: Paths) throws {
        if let fingerprint = try handover(store: store, config: config, paths: paths).restore(id: id, selections: selections) {
            secureClear = (monotonicSeconds() + Double(config.secureClearMilliseconds) / 1000, fingerprint)
        }
    }

    /// The steps of a restore, with this process's display and loop.
    func handover(store: HistoryStore, config: Config, paths: Paths) -> Handover {
        Handover(display: display, loop: loop, store: store, config: config, paths: paths, logger: logger, key: key)
    }

    /// Serves until ownership is lost and transfers and hooks are done, or until SIGTERM/SIGINT.
    public func serve() -> ExitStatus {
        let hooks = loop.hookRunner(logger: logger)
        let busy = { !self.stopping && (self.display.isServing || !hooks.isIdle) }
        while busy() {
            let expire = { (now: Double) in
                guard let clear = self.secureClear, clear.at <= now else { return }
                self.secureClear = nil
                _ = self.display.withdraw(ifOffering: clear.fingerprint)
            }
            guard loop.turn(timers: secureClear?.at, expire: expire, keepGoing: busy, signal: { _ in stopping = true }) else {
                return .unavailable
            }
        }
        return .success
    }
}
