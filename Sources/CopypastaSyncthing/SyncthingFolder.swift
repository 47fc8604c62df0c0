import CopypastaSystem

/// A Syncthing folder as `GET /rest/config/folders` describes it: the fields sync depends on.
public struct SyncthingFolder: Codable, Equatable, Sendable {
    /// The folder ID, the same on every device that shares it.
    public var id: String
    /// The name the GUI shows.
    public var label: String
    /// The directory on this machine (it may start with `~`).
    public var path: String
    /// Whether the file watcher notices changes at once (else only the periodic rescan).
    public var fsWatcherEnabled: Bool
    /// Seconds the watcher gathers changes before scanning them.
    public var fsWatcherDelayS: Int
    /// Seconds between full rescans.
    public var rescanIntervalS: Int
    /// The file versioning; an empty type is none.
    public var versioning: Versioning

    /// A folder's file versioning.
    public struct Versioning: Codable, Equatable, Sendable {
        /// `""` (none), `simple`, `staggered`, `trashcan` or `external`.
        public var type: String
        public init(type: String) { self.type = type }
    }

    /// A folder with the settings sync needs.
    public init(id: String, label: String, path: String) {
        self.id = id
        self.label = label
        self.path = path
        fsWatcherEnabled = true
        fsWatcherDelayS = Self.tunedWatcherDelay
        rescanIntervalS = Self.tunedRescanInterval
        versioning = Versioning(type: "")
    }

    /// The ID `sync setup` gives the folder it creates; the same on every machine, so Syncthing joins them.
    public static let defaultID = "copypasta"
    /// The watcher delay sync needs: Syncthing scans a change 0.5 to 1.5 delays after it (the default 10 s alone breaks 10 s).
    public static let tunedWatcherDelay = 1
    /// A rescan a minute is the safety net for a lost inotify event; the folder is small.
    public static let tunedRescanInterval = 60
    /// The reconnection interval sync needs: a peer is redialed at most this many seconds after it comes back (default 60).
    public static let tunedReconnectionInterval = 5

    /// One setting that differs from what sync needs.
    public struct Change: Equatable, Sendable {
        /// The REST field name (`fsWatcherDelayS`).
        public let setting: String
        /// The current value as text.
        public let current: String
        /// The value sync needs as text.
        public let wanted: String
        /// The JSON member that sets it.
        public let json: String
    }

    /// The settings of this folder that differ from what sync needs, in a fixed order.
    public var changesNeeded: [Change] {
        var changes: [Change] = []
        if !fsWatcherEnabled {
            changes.append(
                Change(setting: "fsWatcherEnabled", current: "false", wanted: "true", json: #""fsWatcherEnabled":true"#))
        }
        if fsWatcherDelayS != Self.tunedWatcherDelay {
            changes.append(
                Change(
                    setting: "fsWatcherDelayS", current: "\(fsWatcherDelayS)", wanted: "\(Self.tunedWatcherDelay)",
                    json: #""fsWatcherDelayS":\#(Self.tunedWatcherDelay)"#))
        }
        if rescanIntervalS != Self.tunedRescanInterval {
            changes.append(
                Change(
                    setting: "rescanIntervalS", current: "\(rescanIntervalS)", wanted: "\(Self.tunedRescanInterval)",
                    json: #""rescanIntervalS":\#(Self.tunedRescanInterval)"#))
        }
        if !versioning.type.isEmpty {
            changes.append(
                Change(setting: "versioning", current: versioning.type, wanted: "none", json: #""versioning":{"type":""}"#))
        }
        return changes
    }

    /// The folder's directory with `~` expanded.
    public func directory(home: String) -> String {
        path == "~" ? home : path.hasPrefix("~/") ? home + path.dropFirst() : path
    }

    /// The folder of `folders` whose directory holds `path` (or is it); the deepest when nested.
    public static func containing(_ path: String, in folders: [SyncthingFolder], home: String) -> SyncthingFolder? {
        folders.filter { FolderPath.contains($0.directory(home: home), path) }
            .max { FolderPath.components($0.directory(home: home)).count < FolderPath.components($1.directory(home: home)).count }
    }
}
