import CopypastaCore
import CopypastaStore
import CopypastaSync
import Glibc
import Logging

/// Moves history between this machine's database and the sync folder (docs/DESIGN.md §14).
///
/// A poll source of the daemon's loop: the folder's inotify descriptor wakes it when a peer's
/// file arrives, and its timers (the flush 250 ms after a change, the retry backoff, the ack
/// delay) are deadlines of the loop. Nothing runs while nothing changes. The database is the
/// queue: what is not yet written stays `pending` there across restarts.
final class SyncEngine: PollSource {
    /// How long changes are gathered before one segment is written.
    static let flushDelay = 0.25
    /// How long after importing a peer's entries the acknowledgement is written.
    static let ackDelay = 0.5
    /// Write attempts before the entries of a batch are `failed`.
    static let attemptLimit = 5
    /// Records in one segment at most; the rest follow in the next flush.
    static let batchLimit = 500
    /// Own segments before they are compacted into a pack.
    static let compactAfter = 100
    /// How long a deletion is remembered in packs, in days.
    static let tombstoneDays: Int64 = 90

    let store: HistoryStore
    let paths: Paths
    private(set) var config: Config
    let logger: Logger
    let clock: () -> Double
    /// Announces entries that could not be written, through the feedback path.
    var announce: (_ message: String) -> Void = { _ in }
    /// Offers an entry another machine copied (`sync-clipboard`), with that machine's name.
    var arrived: (_ arrival: RemoteArrival, _ device: String) -> Void = { _, _ in }

    /// Everything the engine knows of one sync folder, as one value: another folder replaces it
    /// whole (`reconfigure`), so nothing learnt of the old one (a watch, a key, a clock, a name
    /// logged once) carries over to the new one. A field added here starts over with the folder.
    struct FolderState {
        var identity: DeviceIdentity?
        var key: SyncKey?
        var folder: SyncFolder?
        var watcher: FolderWatcher?
        var flushAt: Double?
        var ackAt: Double?
        /// Failed write attempts of the current batch.
        var attempts = 0
        /// Files and names already reported as unreadable or junk: logged once.
        var reported: Set<String> = []
        /// The last seq this engine wrote, also when recording it in the database failed (a busy
        /// database): the file is there, and must neither be written again nor taken for another
        /// machine's.
        var lastWritten: Int64 = 0
        /// Whether the folder was listed since the engine started (see `checkOwnFiles`).
        var listedOnce = false
        /// Set when another machine writes as this device (a copied `device.key`): nothing more is
        /// written until the daemon restarts, since the two would replace each other's files.
        var identityClash = false
        /// File-sync engines' temporary files seen once (see `isFreshTemporary`).
        var seenTemporaries: Set<String> = []
        /// Files that could not be imported, with their size and change time: read again only once
        /// they change (a file-sync engine replaces a file by renaming a new one over it), so a
        /// stranger's files do not cost a decryption at every event.
        var unreadable: [String: FileStamp] = [:]
        /// Whether compaction should run after the next successful write.
        var compactionDue = false
        /// A large peer file being imported a slice per turn of the loop; listings wait for it.
        var importJob: SyncImportJob?
        /// The `max-entries` this device's `device.json` was last seen or written with.
        var publishedMaxEntries: Int?
        /// The blob being written or read a slice per turn of the loop, and those waiting.
        var blobJob: BlobJob?
        var blobTasks: [BlobJob.Task] = []
        /// Payload folders whose blob could not be written: their next record says not synced.
        var failedBlobs: Set<String> = []
        /// Blobs that did not open, with their stamp: tried again only once they change.
        var damagedBlobs: [String: FileStamp] = [:]
    }

    /// The state of the folder in use.
    var state = FolderState()

    /// The home directory `~/` in `sync-folder` stands for.
    private let home: String

    /// An engine for `config.syncFolder`; inactive until `start()` finds the device set up.
    init(
        store: HistoryStore, paths: Paths, config: Config, logger: Logger,
        home: String = getenv("HOME").map { String(cString: $0) } ?? "/", clock: @escaping () -> Double = monotonicSeconds
    ) {
        self.home = home
        self.store = store
        self.paths = paths
        self.config = config
        self.logger = logger
        self.clock = clock
    }

    /// Opens the device's identity and key, watches the folder and catches up: imports what
    /// arrived while the daemon was not running and writes what was queued.
    func start() {
        guard let root = config.syncFolderPath(home: home) else { return }
        state.folder = SyncFolder(root: root)
        kick()
    }

    /// Loads this machine's identity and key (made by `sync init` or `sync join`, perhaps while
    /// the daemon runs); false while it has none.
    private func loadIdentity() -> Bool {
        guard let folder = state.folder, access(DeviceIdentity.path(paths), F_OK) == 0 else { return false }
        do {
            let identity = try DeviceIdentity.load(paths)
            if access(SyncKey.path(paths), F_OK) == 0 { state.key = try SyncKey.load(paths) }
            _ = try? folder.removeTemporaries(device: identity.id)
            state.identity = identity
        } catch {
            if state.reported.insert("identity").inserted { log(.error, "key", "cannot read this device's keys: \(error)") }
            return false
        }
        logger.info("sync: this machine is device \(state.identity?.id ?? "")", metadata: ["folder": "\(folder.root)"])
        return true
    }

    /// Applies a reloaded configuration: another folder starts over.
    func reconfigure(_ new: Config) {
        let moved = new.syncFolder != config.syncFolder
        config = new
        guard moved else {
            // Another max-entries goes into device.json at once, for the other machines to compare.
            if state.publishedMaxEntries != nil && state.publishedMaxEntries != new.maxEntries { kick() }
            return
        }
        state = FolderState()
        start()
    }

    /// A capture was stored: schedules a flush, which reads the settings and the queue. Nothing
    /// else on the capture path: the folder did not change, so it is not listed again.
    func captured() {
        guard state.identity != nil, state.flushAt == nil else { return }
        state.flushAt = clock() + Self.flushDelay
    }

    /// A command changed entries or the sync settings (or the daemon started): reads the
    /// settings, imports what is new and schedules a flush.
    func kick() {
        guard state.folder != nil, state.identity != nil || loadIdentity(), let settings = try? store.syncSettings(),
            settings.enabled,
            !settings.paused
        else { return }
        if let watcher = state.watcher { watcher.watchAll() } else { openWatcher() }
        rescan()
        if state.flushAt == nil { state.flushAt = clock() + Self.flushDelay }
    }

    // MARK: PollSource

    var pollDescriptors: [pollfd] {
        state.watcher.map { [pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0)] } ?? []
    }

    /// Lists the folder again when the watcher saw a change that matters; names that are not
    /// sync's (junk, temporary files, directories that are no device) cost nothing here, however
    /// many are made (the drain already added the watches a `.rescan` needs).
    func handle(fd: Int32, events: Int16) {
        guard let watcher = state.watcher else { return }
        if watcher.drain() != .files([]) { rescan() }
    }

    /// The flush, the acknowledgement, and "now" while an import or a blob has slices left (the
    /// loop then polls without waiting, handles what came meanwhile and runs the next slice).
    var nextDeadline: Double? {
        [state.flushAt, state.ackAt, state.importJob != nil || blobsPending ? clock() : nil].compactMap { $0 }.min()
    }

    func expire(now: Double) {
        runImportSlice()
        runBlobSlice()
        if let at = state.ackAt, at <= now {
            state.ackAt = nil
            if state.flushAt == nil { state.flushAt = now }
        }
        if let at = state.flushAt, at <= now {
            state.flushAt = nil
            flush()
        }
    }

    // MARK: Watching

    private func openWatcher() {
        guard state.watcher == nil, let folder = state.folder else { return }
        do {
            state.watcher = try FolderWatcher(root: folder.root)
        } catch {
            logger.warning("sync: cannot watch \(folder.root): \(error)")
        }
    }

    /// Logs to the daemon's log and to the activity log `copypasta sync log` shows.
    func log(_ level: Logger.Level, device: String? = nil, _ code: String, _ detail: String) {
        logger.log(level: level, "sync: \(detail)", metadata: device.map { ["device": "\($0)"] })
        let name = level == .error ? "error" : level == .warning ? "warning" : "info"
        try? store.logSync(level: name, device: device, code: code, detail: detail)
    }
}
