import CopypastaCore
import CopypastaStore
import CopypastaSync
import Glibc
import TestSupport

@testable import CopypastaDaemon

/// One machine of a synced history without X or Syncthing: its own sandbox (database, keys), a
/// sync engine on a folder shared with the other machines of the test, and a clock moved by hand.
/// The folder stands for what a file-sync engine replicates; the engines' own logic is what runs.
final class SyncMachine {
    /// The engine's monotonic clock, in seconds.
    final class Clock { var now = 1000.0 }

    let sandbox: Sandbox
    let log = RecordingLog()
    let clock = Clock()
    let store: HistoryStore
    let engine: SyncEngine
    let paths: Paths
    /// What `~/` in the folder's path stands for.
    let home: String
    /// The messages the engine announced through the feedback path.
    private(set) var announced: [String] = []

    /// A machine whose `sync-folder` is `folder`; `configure` adjusts its configuration.
    init(folder: String, sandbox: Sandbox = Sandbox(), home: String = "/", configure: (inout Config) -> Void = { _ in }) throws {
        self.sandbox = sandbox
        self.home = home
        var config = Config()
        config.syncFolder = folder
        configure(&config)
        paths = Paths.resolve(database: nil, config: nil, environment: sandbox.environment, home: sandbox.root, uid: getuid())
        store = try HistoryStore(path: paths.database, busyTimeout: 100)
        let clock = clock
        engine = SyncEngine(store: store, paths: paths, config: config, logger: log.logger, home: home) { clock.now }
        engine.announce = { [unowned self] in announced.append($0) }
    }

    /// Two machines on the folder `synced/copypasta` of `shared`: "desk" (`a`) makes a history and
    /// "laptop" (`b`) joins it; `configureA` and `configureB` adjust their configurations.
    static func pair(
        in shared: Sandbox, _ configureA: (inout Config) -> Void = { _ in }, _ configureB: (inout Config) -> Void = { _ in }
    ) throws -> (SyncMachine, SyncMachine) {
        _ = Child.runQuietly(["mkdir", "-p", shared.root + "/synced"])
        let a = try SyncMachine(folder: shared.root + "/synced/copypasta", configure: configureA)
        let b = try SyncMachine(folder: shared.root + "/synced/copypasta", configure: configureB)
        let key = try a.join(name: "desk")
        try b.join(key, name: "laptop")
        return (a, b)
    }

    /// Joins the history of `key` (a new history when nil), as `sync init` / `sync join --code` do.
    @discardableResult
    func join(_ key: SyncKey? = nil, name: String) throws -> SyncKey {
        let folder = SyncFolder(root: engine.config.syncFolderPath(home: home) ?? "")
        let key = try key ?? SyncKey.create(paths)
        try key.save(paths)
        _ = try folder.createMarker(key: key)
        let identity = try DeviceIdentity.create(paths)
        try folder.writeDevice(identity: identity, name: name, key: key)
        try store.setSync(enabled: true)
        _ = try store.shareHistory { _, _ in false }
        engine.start()
        return key
    }

    /// The same machine after a restart of its daemon: a new store connection and engine on its
    /// database and keys.
    static func restarted(_ machine: SyncMachine) throws -> SyncMachine {
        let again = try SyncMachine(folder: machine.engine.config.syncFolder, sandbox: machine.sandbox, home: machine.home)
        again.engine.start()
        return again
    }

    /// Adds an entry as `copypasta add` does and tells the engine.
    @discardableResult
    func add(_ text: String, local: Bool = false) throws -> Int64 {
        let id = try store.add(text, at: .now(), policy: .move, maxEntries: 0, syncLocal: local).id ?? 0
        engine.kick()
        return id
    }

    /// Moves the clock and runs the engine's timers that are due.
    func advance(_ seconds: Double = 1) {
        clock.now += seconds
        engine.expire(now: clock.now)
    }

    /// Lets the engine write what is queued and read what arrived: a change event, then its timers.
    func settle() {
        engine.kick()
        for _ in 0..<3 { advance(1) }
    }

    /// The texts of the history, newest first.
    func texts() throws -> [String] {
        try store.entries(withText: true).map { $0.text ?? "" }
    }

    /// The sync state of the entry with `text`.
    func state(of text: String) throws -> SyncState? {
        try store.entries(withText: true).first { $0.text == text }?.sync
    }
}
