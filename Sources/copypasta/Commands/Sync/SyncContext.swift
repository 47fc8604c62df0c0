import ArgumentParser
import CopypastaCore
import CopypastaSync
import CopypastaSystem
import Glibc

/// What the folder commands (`sync init`, `join`, `pending`, `approve`, `remove`, `code`) share:
/// the paths of this machine, the folder `sync-folder` names, and this device's name.
struct SyncContext {
    /// Where the database, and so the keys, are.
    let paths: Paths
    /// The synced folder.
    let folder: SyncFolder
    private let config: Config
    private let name: String?

    /// Reads the configuration; `sync-folder` must be set (exit 78 naming the key).
    init(_ global: GlobalOptions, name: String? = nil) throws {
        let config = try global.loadConfig()
        guard let folder = config.syncFolderPath(home: Environment.home) else { throw SyncError.notConfigured }
        paths = global.paths()
        self.folder = SyncFolder(root: folder)
        self.config = config
        self.name = name
    }

    /// The name other machines show for this one: `--name`, else `sync-device-name`, else the name
    /// it already has in the folder, else the host name.
    func deviceName(of identity: DeviceIdentity) -> String {
        if let name = name ?? config.syncDeviceName { return name }
        if let device = try? folder.device(identity.id), !device.name.isEmpty { return device.name }
        return config.effectiveSyncDeviceName
    }

    /// Writes this machine's `device.json` (with the membership proof when it holds `key`) and prints
    /// the lines scripts read: `device:`, `name:`, `fingerprint:`.
    func announce(_ identity: DeviceIdentity, key: SyncKey?) throws {
        let name = deviceName(of: identity)
        try folder.writeDevice(identity: identity, name: name, key: key, maxEntries: config.maxEntries)
        Output.standard.write("device: \(identity.id)\nname: \(name)\nfingerprint: \(identity.fingerprint)\n")
        Output.standard.write(SyncLimits.note(mine: config.maxEntries, folder: folder, me: identity.id))
    }

    /// Turns sync on for this machine once it belongs to a history: its earlier history is queued
    /// (but what the `sync-exclude-*` rules keep here) and a running daemon starts syncing.
    func joinHistory(_ global: GlobalOptions) throws {
        let store = try global.openStore()
        try store.setSync(enabled: true)
        try store.setIdentityClash(nil)
        if try store.syncSettings().setupAt == nil { try store.recordSyncSetup(at: .now()) }
        let shared = try store.shareHistory { text, app in config.syncExcluded(text: text, app: app) }
        if shared > 0 { Output.standard.write("shared: \(shared) entries of this machine's history\n") }
        SyncKick.reload(global)
    }

    /// This machine's identity and key, to act on another `device` of the history (approve,
    /// remove): a usage error when `device` is this machine.
    func acting(on device: String) throws -> (identity: DeviceIdentity, key: SyncKey) {
        let identity = try DeviceIdentity.load(paths)
        guard device != identity.id else { throw ValidationError("\(device) is this machine") }
        return (identity, try checkedKey(try SyncKey.load(paths)))
    }

    /// This machine's key when it has one; nil when it has none yet (other problems are thrown).
    func keyIfAny() throws -> SyncKey? {
        do {
            return try SyncKey.load(paths)
        } catch .noKey {
            return nil
        }
    }

    /// This machine's key, which must fit the folder: `.otherHistory` when it belongs to another.
    func checkedKey(_ key: SyncKey) throws -> SyncKey {
        do {
            try folder.checkMarker(key: key)
        } catch .wrongKey {
            throw SyncError.otherHistory(keyFile: SyncKey.path(paths), folder: folder.root)
        }
        return key
    }

    /// Reads a join code from standard input (`--code -`): the first line, at most 1 KiB.
    static func codeFromStandardInput() throws -> String {
        var bytes: [UInt8]
        do {
            bytes = try FileInput.readAll(0, limit: 1024)
        } catch {
            throw SyncError.badCode("cannot read it from standard input (one line of at most 1024 bytes)")
        }
        defer { SyncKey.wipe(&bytes) }
        if let newline = bytes.firstIndex(of: 10) { bytes.removeSubrange(newline...) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
