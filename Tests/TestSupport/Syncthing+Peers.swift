import CopypastaSystem
import FoundationEssentials
import Glibc

/// Pairing, sharing and connection control of test Syncthings, through the REST API.
extension SyncthingInstance {
    /// Adds the two devices to each other; only this one dials, the other waits for it.
    ///
    /// Syncthing dials from its listening port. On loopback, when both ends dial each other at
    /// once, the two dials become one TCP connection (a simultaneous open) on which both sides
    /// act as the client, and the Hello exchange hangs until its 20 s timeout. One dialing side
    /// keeps connections deterministic; it redials every reconnectionIntervalS (5 s) after a loss.
    public func pair(with other: SyncthingInstance) throws {
        try other.addDevice(self, dials: false)
        try addDevice(other, dials: true)
    }

    /// Adds `other` to this instance's devices: with its static address when this one `dials` it,
    /// else with no address (discovery is off), so that only `other` connects.
    public func addDevice(_ other: SyncthingInstance, dials: Bool) throws {
        let device = NewDevice(deviceID: other.myID, name: other.name, addresses: dials ? [other.listenAddress] : ["dynamic"])
        try rest(.post, "/rest/config/devices", json: Array(try JSONEncoder().encode(device)))
    }

    /// Creates folder `id` at `path`, shared with `devices`; `tuned` sets the watcher delay to 1 s and
    /// the rescan interval to 60 s as `copypasta sync setup` does, else Syncthing's defaults (10 s, 3600 s) stay.
    public func shareFolder(id: String, path: String, devices: [SyncthingInstance], tuned: Bool) throws {
        let members = ([myID] + devices.map(\.myID)).map { NewFolder.Member(deviceID: $0) }
        let folder = NewFolder(
            id: id, label: id, path: path, devices: members, fsWatcherEnabled: true, fsWatcherDelayS: tuned ? 1 : nil,
            rescanIntervalS: tuned ? 60 : nil)
        try rest(.post, "/rest/config/folders", json: Array(try JSONEncoder().encode(folder)))
    }

    /// Pauses the connection to `device` (a device ID): Syncthing drops it and does not redial.
    ///
    /// Through the device's config, which Syncthing saves at once: `/rest/system/pause` changes
    /// only the running config, which Syncthing writes whenever it next saves for another reason,
    /// so a Syncthing killed after a pause and a resume could come back paused.
    public func pause(device: String) throws {
        try rest(.patch, "/rest/config/devices/\(device)", json: Array(#"{"paused":true}"#.utf8))
    }

    /// Resumes the connection to `device`: `/rest/system/resume` dials at once (a config change
    /// waits for the next dial, up to 16 s while Syncthing is young), the config saves it as `pause`.
    public func resume(device: String) throws {
        try rest(.post, "/rest/system/resume?device=\(device)")
        try rest(.patch, "/rest/config/devices/\(device)", json: Array(#"{"paused":false}"#.utf8))
    }

    /// Whether the connection to `other` is up.
    public func isConnected(to other: SyncthingInstance) -> Bool {
        guard let response = try? rest(.get, "/rest/system/connections"),
            let connections = try? decode(Connections.self, response)
        else { return false }
        return connections.connections[other.myID]?.connected == true
    }

    /// Waits until the connection to `other` is up; whether it came up within `seconds`.
    public func waitConnected(to other: SyncthingInstance, seconds: Double = 30) -> Bool {
        waitUntil(seconds: seconds) { isConnected(to: other) }
    }

    /// The folder's settings as Syncthing reports them.
    public func folder(_ id: String) throws -> FolderSettings {
        try decode(FolderSettings.self, try rest(.get, "/rest/config/folders/\(id)"))
    }

    /// The settings of a Syncthing folder that sync's latency depends on.
    public struct FolderSettings: Decodable, Sendable {
        public let id: String
        public let path: String
        public let fsWatcherEnabled: Bool
        public let fsWatcherDelayS: Int
        public let rescanIntervalS: Int
        public let versioning: Versioning
        public let devices: [NewFolder.Member]

        /// The versioning of a folder; an empty type means none.
        public struct Versioning: Decodable, Sendable { public let type: String }
    }

    /// The body of `POST /rest/config/folders`; missing settings take Syncthing's defaults.
    public struct NewFolder: Encodable, Sendable {
        let id: String
        let label: String
        let path: String
        let devices: [Member]
        let fsWatcherEnabled: Bool
        let fsWatcherDelayS: Int?
        let rescanIntervalS: Int?

        /// One device the folder is shared with.
        public struct Member: Codable, Sendable { public let deviceID: String }
    }

    private struct NewDevice: Encodable {
        let deviceID: String
        let name: String
        let addresses: [String]
    }

    private struct Connections: Decodable {
        struct Connection: Decodable { let connected: Bool }
        let connections: [String: Connection]
    }
}

extension SyncthingInstance {
    /// Adds `other` to the devices folder `id` is shared with (a device that joins later).
    public func addToFolder(id: String, device other: SyncthingInstance) throws {
        var members = try folder(id).devices.map(\.deviceID)
        guard !members.contains(other.myID) else { return }
        members.append(other.myID)
        let body = "{\"devices\":[" + members.map { "{\"deviceID\":\"\($0)\"}" }.joined(separator: ",") + "]}"
        try rest(.patch, "/rest/config/folders/\(id)", json: Array(body.utf8))
    }
}
