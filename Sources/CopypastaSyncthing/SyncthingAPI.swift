import CopypastaCore
import FoundationEssentials
import Glibc

/// The few calls of Syncthing's REST API that `sync setup` needs, over the loopback HTTP client.
///
/// Config changes go through `/rest/config/…` (Syncthing 1.12 and later), which applies them
/// at once and saves config.xml itself; the file is never edited while Syncthing runs.
public struct SyncthingAPI: Sendable {
    /// The client, with the API key header when there is one.
    public let client: HTTPClient

    /// An API at `address` (`http://127.0.0.1:8384`).
    public init(address: String, apiKey: String?) throws(HTTPError) {
        client = try HTTPClient(address: address, headers: apiKey.map { [("X-API-Key", $0)] } ?? [])
    }

    /// Whether Syncthing answers and accepts the key: true when it does, false when it answers
    /// 403 (no key, or a wrong one); throws `notRunning` when nothing answers as HTTP.
    public func ping() throws(SyncthingError) -> Bool {
        let response = try send(.get, "/rest/system/ping")
        if response.status == 403 || response.status == 401 { return false }
        guard response.isSuccess else {
            throw .answered(request: "GET /rest/system/ping", status: response.status, text: response.text)
        }
        return true
    }

    /// Every folder of this Syncthing.
    public func folders() throws(SyncthingError) -> [SyncthingFolder] {
        try decode([SyncthingFolder].self, try expectSuccess(.get, "/rest/config/folders"), request: "GET /rest/config/folders")
    }

    /// Creates `folder`, shared with this device only; Syncthing creates its directory and `.stfolder`.
    public func create(_ folder: SyncthingFolder) throws(SyncthingError) {
        let body: [UInt8]
        do {
            body = Array(try JSONEncoder().encode(folder))
        } catch {
            throw .unreadable(request: "POST /rest/config/folders")
        }
        try expectSuccess(.post, "/rest/config/folders", body: body)
    }

    /// Sets some settings of folder `id`; `members` are JSON members like `"fsWatcherDelayS":1`.
    public func patchFolder(id: String, _ members: [String]) throws(SyncthingError) {
        try expectSuccess(
            .patch, "/rest/config/folders/\(Self.escaped(id))", body: Array("{\(members.joined(separator: ","))}".utf8))
    }

    /// `options.reconnectionIntervalS`.
    public func reconnectionInterval() throws(SyncthingError) -> Int {
        struct Options: Decodable { let reconnectionIntervalS: Int }
        return try decode(Options.self, try expectSuccess(.get, "/rest/config/options"), request: "GET /rest/config/options")
            .reconnectionIntervalS
    }

    /// Sets `options.reconnectionIntervalS`.
    public func setReconnectionInterval(_ seconds: Int) throws(SyncthingError) {
        try expectSuccess(.patch, "/rest/config/options", body: Array(#"{"reconnectionIntervalS":\#(seconds)}"#.utf8))
    }

    /// The devices this Syncthing is configured to connect to (not itself, not paused) and is not
    /// connected to now.
    public func unconnectedDevices() throws(SyncthingError) -> [String] {
        struct Status: Decodable { let myID: String }
        struct Device: Decodable {
            let deviceID: String
            let paused: Bool
        }
        struct Connections: Decodable {
            struct Connection: Decodable { let connected: Bool }
            let connections: [String: Connection]
        }
        let me = try decode(Status.self, try expectSuccess(.get, "/rest/system/status"), request: "GET /rest/system/status")
        let devices = try decode(
            [Device].self, try expectSuccess(.get, "/rest/config/devices"), request: "GET /rest/config/devices")
        let connections = try decode(
            Connections.self, try expectSuccess(.get, "/rest/system/connections"), request: "GET /rest/system/connections")
        return devices.filter { !$0.paused && $0.deviceID != me.myID && connections.connections[$0.deviceID]?.connected != true }
            .map(\.deviceID)
    }

    /// Asks Syncthing to restart (`POST /rest/system/restart`); its service manager, or its
    /// monitor process, starts it again.
    public func restart() throws(SyncthingError) {
        try expectSuccess(.post, "/rest/system/restart")
    }

    /// Waits until Syncthing answers again after a restart; false when it did not within `seconds`.
    public func waitAnswering(seconds: Double) -> Bool {
        let deadline = monotonicSeconds() + seconds
        // A command waiting for another process, not the daemon's loop: a short sleep between pings.
        usleep(500_000)
        while monotonicSeconds() < deadline {
            if (try? ping()) == true { return true }
            usleep(200_000)
        }
        return false
    }

    @discardableResult
    private func expectSuccess(_ method: HTTPClient.Method, _ path: String, body: [UInt8]? = nil) throws(SyncthingError)
        -> HTTPResponse
    {
        let response = try send(method, path, body: body)
        if response.status == 403 || response.status == 401 { throw .apiKeyRefused(address: client.address.text) }
        guard response.isSuccess else {
            throw .answered(request: "\(method.rawValue) \(path)", status: response.status, text: response.text)
        }
        return response
    }

    private func send(_ method: HTTPClient.Method, _ path: String, body: [UInt8]? = nil) throws(SyncthingError) -> HTTPResponse {
        do {
            return try client.request(method, path, body: body)
        } catch let .refused(address, reason) {
            throw .notRunning(address: address, reason: reason)
        } catch {
            throw .notRunning(address: client.address.text, reason: error.description)
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ response: HTTPResponse, request: String) throws(SyncthingError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(response.body))
        } catch {
            throw .unreadable(request: request)
        }
    }

    /// A folder ID as a path segment: letters, digits, `-`, `_` and `.` as they are, the rest percent-encoded.
    static func escaped(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || "-_.".unicodeScalars.contains(scalar)
            {
                out.unicodeScalars.append(scalar)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
