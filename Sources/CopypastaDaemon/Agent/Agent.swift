import CSystem
import CopypastaCore
import CopypastaStore
import CopypastaSystem
import CopypastaX11
import Glibc
import Logging

/// The capture agent: one thread, one poll() over the X connection, the
/// signalfd and the poll sources (IPC clients, hook children), with every
/// timeout kept as a deadline of the loop. Idle means blocked in poll() with
/// no timeout: zero wake-ups.
public final class Agent {
    /// The X connection.
    let display: X11Display
    /// The history database.
    let store: HistoryStore
    /// Where the files are.
    let paths: Paths
    /// The configuration in effect; SIGHUP replaces it.
    var config: Config
    /// The daemon log (stderr).
    let logger: Logger
    /// One daemon per database file; taken again on the new file when the database is recreated.
    var lock: InstanceLock
    /// The poll() loop the agent runs in.
    let loop: EventLoop
    /// When the agent started, for status.
    let startedAt = Timestamp.now()
    /// Set when the loop should end, with the status the daemon exits with.
    var exitStatus: ExitStatus?
    /// What becomes history: the capture policy, the X connection's delegate.
    let capture: CapturePolicy
    /// The paste waiting for its target to fetch the entry.
    var pasteSession: PasteSession?
    /// Synthetic input for paste, opened on first use.
    var keyboard: Keyboard?
    /// When the trash and max-age expiry runs next (monotonic seconds; 0: at start).
    var expiryDueAt = 0.0
    /// Whether a removal of the entries beyond max-entries runs (`trimHistory`).
    var trimming = false
    /// The key of the secure entries while unlocked, with when it is forgotten (monotonic seconds).
    var secureKey: (key: SecretKey, until: Double)?
    /// A restored secure entry to take off CLIPBOARD at `at`, unless another owner took it before.
    var secureClear: (at: Double, fingerprint: Fingerprint)?
    /// `/TITLE` expansion while `expand` is on.
    var expander: Expander?
    /// Sync with the user's other machines (docs/DESIGN.md §14); idle without `sync-folder`.
    let sync: SyncEngine
    /// The files of `snippet-dir` as snippets; nil while it is unset.
    var snippetFolder: SnippetFolder?
    /// Long work run in slices between events (`SlicedWork`): the expiry's purge.
    let slices = SlicedWork()
    /// The stamp of the config file in effect (`ConfigFile.stamp`), which `status` compares with the file's.
    var configStamp: String
    /// The purge of the session's entries a screen lock started, while it runs (Agent+SessionClear.swift).
    var lockClear: PurgeSlices<Int>?
    /// The background workers (`BackgroundWorker.job`) that work arrived for while they ran:
    /// each runs again when it ends.
    var workersWanted: Set<String> = []

    /// Takes the instance lock, opens the database and the display; throws when any is unavailable.
    public init(paths: Paths, config: Config, displayName: String?, logger: Logger) throws {
        // Texts of several MiB pass through the daemon (captures, restores, hook input). glibc raises
        // its mmap threshold after the first large free, after which such buffers come from the heap
        // and stay with the process once freed; a fixed threshold keeps every large buffer in its own
        // mapping, returned to the system when freed, so a daemon that runs for weeks stays small.
        mallopt(M_MMAP_THRESHOLD, 256 << 10)
        store = try HistoryStore(path: paths.database, busyTimeout: Agent.busyTimeout)
        store.retentionInlineLimit = Agent.retentionInlineLimit
        lock = try InstanceLock(database: paths.database)
        display = try X11Display(displayName: displayName)
        loop = EventLoop(display: display)
        self.paths = paths
        self.config = config
        configStamp = ConfigFile.stamp(paths.configFile)
        self.logger = logger
        capture = CapturePolicy(source: display, store: store, config: config, logger: logger)
        sync = SyncEngine(store: store, paths: paths, config: config, logger: logger)
        capture.prepareStore = { [unowned self] in try reopenDatabaseIfReplaced() }
        capture.captured = { [unowned self] id, pending in
            runHook(.capture, id: id, selection: pending.selection, text: pending.text, app: pending.app)
            queueCapturedLink(id: id, text: pending.text)
            sync.captured()
        }
        display.delegate = capture
        display.hotkeyPressed = { [unowned self] in runPicker() }
        display.hotkeyRegrabbed = { [unowned self] in logPickHotkey($0) }
        loop.sources.append(sync)
        loop.sources.append(slices)
        let server = try IPCServer(path: paths.socket, logger: logger) { [unowned self] in answer($0) }
        loop.sources.append(server)
        DaemonDatabaseRecord.save(database: paths.database, runtimeDirectory: paths.runtimeDirectory)
    }

    /// Runs until SIGTERM/SIGINT (0) or until the X connection is lost (69).
    public func run() -> ExitStatus {
        display.watch(config.watchedSelections)
        applyClearOn()
        sweepPayloads()
        trimHistory(force: true)
        applyManagerRole()
        applyExpansion()
        applyPickHotkey()
        for selection in config.selections { capture.readCurrent(selection) }
        sync.announce = { [unowned self] message in
            runHook(.syncFailed, id: 0, selection: .clipboard, text: message, app: nil)
        }
        sync.arrived = { [unowned self] arrival, device in offer(arrival, from: device) }
        sync.start()
        applySnippetDir()
        startArchiveWorker()
        startAIWorker()
        logger.info("watching \(selectionNames) on \(display.name)", metadata: ["db": "\(paths.database)", "pid": "\(getpid())"])
        while exitStatus == nil {
            let expire = { (now: Double) in
                self.expireSecure(now: now)
                self.expireHistory(now: now)
                self.trimHistory()
                self.capture.expireTimers(now: now)
                self.expirePaste(now: now)
            }
            let alive = loop.turn(timers: nextTimer, expire: expire, keepGoing: { exitStatus == nil }, signal: handle(signal:))
            for error in display.takeProtocolErrors() { logger.info("ignored an X protocol error: \(error)") }
            if !alive {
                logger.error("lost connection to X display \(display.name); exiting (the service manager restarts copypasta)")
                capture.flushPendingStoresBeforeExit()
                clearSession(at: "the X server went away")
                loop.stopSources()
                return .unavailable
            }
        }
        capture.flushPendingStoresBeforeExit()
        clearSession(at: "the daemon stopped")
        loop.stopSources()
        logger.info("stopped")
        return exitStatus ?? .success
    }

    /// The earliest deadline of the daemon's own timers.
    private var nextTimer: Double? {
        [capture.nextTimer, pasteSession?.nextTimer(display: display), expiryDueAt, secureKey?.until, secureClear?.at].compactMap
        { $0 }.min()
    }

    /// SIGHUP reloads the configuration; SIGTERM and SIGINT end the loop with status 0.
    private func handle(signal: Int32) {
        if signal == SIGHUP {
            reloadConfig()
        } else {
            logger.info("received \(signal == SIGTERM ? "SIGTERM" : "SIGINT"), shutting down")
            exitStatus = .success
        }
    }

    /// The watched selections, for the log.
    var selectionNames: String {
        config.selections.map { $0.rawValue.uppercased() }.joined(separator: ", ")
    }

    /// Re-reads the config file; a bad new file keeps the old configuration (copypasta(1) COMMANDS, daemon).
    @discardableResult
    func reloadConfig() -> String? {
        do {
            let stamp = ConfigFile.stamp(paths.configFile)
            let fresh = try ConfigFile.load(paths.configFile)
            if let problem = fresh.syncFolderProblem(
                database: paths.database, home: getenv("HOME").map { String(cString: $0) } ?? "/", resolve: ConfigFile.realPath)
            {
                logger.error("configuration not reloaded, keeping the previous one: \(problem)")
                return problem
            }
            config = fresh
            configStamp = stamp
            capture.config = fresh
            display.watch(fresh.watchedSelections)
            applyClearOn()
            applyManagerRole()
            applyExpansion()
            applyPickHotkey()
            sync.reconfigure(fresh)
            applySnippetDir()
            trimHistory(force: true)
            logger.info("configuration reloaded from \(paths.configFile)")
            return nil
        } catch {
            logger.error("configuration not reloaded, keeping the previous one: \(error)")
            return "\(error)"
        }
    }
}

extension Agent {
    /// Sets up logging to stderr (journald under systemd) and returns the daemon's logger.
    ///
    /// Log lines carry ids, byte counts, apps and reasons; never clipboard text.
    public static func makeLogger(verbose: Bool) -> Logger {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = verbose ? .debug : .info
            return handler
        }
        return Logger(label: "copypasta")
    }
}
