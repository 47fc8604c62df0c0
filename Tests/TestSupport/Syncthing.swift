import CopypastaSyncthing
import CopypastaSystem
import FoundationEssentials
import Glibc

/// A real Syncthing (Debian's 1.19.2) for tests, confined to loopback.
///
/// Its home is made with `syncthing generate` and its config.xml edited before the first
/// start: listening on 127.0.0.1 only, global and local discovery, relays, NAT, usage reports,
/// crash reports and upgrades off, reconnection every 5 s. It is driven through its REST API
/// with copypasta's own HTTP client, and stopped by its PID only. Its log stays in the home
/// (`log`); `logTail` shows it when a test fails.
public final class SyncthingInstance: @unchecked Sendable {
    /// A name for messages and for peers' device lists.
    public let name: String
    /// The home directory (config, keys, index database, log).
    public let home: String
    /// The REST API key it is started with.
    public let apiKey: String
    /// The GUI/REST port on 127.0.0.1.
    public private(set) var guiPort: UInt16 = 0
    /// The sync protocol port on 127.0.0.1.
    public private(set) var listenPort: UInt16 = 0
    /// Its device ID, read from `/rest/system/status` once it runs.
    public private(set) var myID = ""
    private var process: Child?

    /// The GUI/REST address.
    public var guiAddress: String { "http://127.0.0.1:\(guiPort)" }
    /// The address peers dial.
    public var listenAddress: String { "tcp://127.0.0.1:\(listenPort)" }
    /// Its log file.
    public var log: String { home + "/syncthing.log" }
    /// Its process id while it runs.
    public var pid: pid_t? { process?.pid }

    /// Generates a home in `home` and starts Syncthing there; throws when it does not answer in `seconds`.
    public init(home: String, name: String, seconds: Double = 30) throws {
        self.home = home
        self.name = name
        apiKey = "copypasta-test-" + name
        let generated = try Child(
            ["syncthing", "generate", "--home=\(home)", "--no-default-folder", "--skip-port-probing"], stdin: false
        ).communicate(timeout: seconds)
        guard generated.status == 0 else { throw SpawnError("syncthing generate failed: \(generated.stderr)\(generated.output)") }
        try start(seconds: seconds)
    }

    deinit { stop() }

    /// A REST client with the API key.
    public var client: HTTPClient {
        get throws { try HTTPClient(address: guiAddress, headers: [("X-API-Key", apiKey)], timeout: 10) }
    }

    /// No upgrades, no default folder, and a fixed SHA-256 implementation: without STHASHING
    /// Syncthing benchmarks two of them at every start, about 0.9 s of CPU on a shared machine.
    /// STMONITORED runs Syncthing in the process started: even with --no-restart, `serve` is
    /// otherwise a monitor that runs Syncthing as its child, and a SIGKILL of the monitor (`kill`,
    /// a crash) left that child running, holding the ports and the database, so a "restarted"
    /// peer was the old one still answering.
    static let environment = ["STNOUPGRADE": "1", "STNODEFAULTFOLDER": "1", "STHASHING": "minio", "STMONITORED": "yes"]

    /// Starts `syncthing serve` on fresh free ports; retries with new ports when the GUI port was taken meanwhile.
    public func start(seconds: Double = 30) throws {
        var lastError = SpawnError("syncthing did not start")
        for _ in 0..<3 {
            guiPort = try Self.freePort()
            listenPort = try Self.freePort()
            try SyncthingConfig.edit(home: home, listen: listenAddress, gui: "127.0.0.1:\(guiPort)", apiKey: apiKey)
            do {
                try launch(seconds: seconds)
                return
            } catch let error as SpawnError {
                lastError = error
            }
        }
        throw lastError
    }

    /// Starts again with the same home and ports (after `kill` or `stop`).
    public func restart(seconds: Double = 30) throws {
        stop()
        try launch(seconds: seconds)
    }

    /// Starts Syncthing again once it exits with status 3, as its systemd unit does after a restart
    /// it was asked for (`POST /rest/system/restart`); false when it did not exit so within `seconds`.
    public func relaunchAfterRestart(seconds: Double = 30) throws -> Bool {
        guard let process, waitUntil(seconds: seconds, { process.exitStatusIfExited() != nil }) else { return false }
        self.process = nil
        guard process.exitStatusIfExited() == 3 else { return false }
        try launch(seconds: seconds)
        return true
    }

    /// Kills the process with SIGKILL (a crash) and reaps it.
    public func kill() {
        process?.signal(SIGKILL)
        process?.wait()
        process = nil
    }

    /// Stops the process with SIGTERM (SIGKILL after a grace period).
    public func stop() {
        process?.stop(grace: 10)
        process = nil
    }

    /// The last `lines` lines of the log, for failure messages.
    public func logTail(lines: Int = 40) -> String {
        let text = SyncthingConfig.read(log) ?? ""
        return "--- syncthing \(name) log (\(log)) ---\n" + text.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    private func launch(seconds: Double) throws {
        let command =
            "exec syncthing serve --home='\(home)' --no-browser --no-restart --gui-address=\(guiAddress)"
            + " --gui-apikey=\(apiKey) >>'\(log)' 2>&1"
        let child = try Child(
            ["/bin/sh", "-c", command], environment: Self.environment, captureOutput: false,
            stdin: false)
        process = child
        let answered = waitUntil(seconds: seconds) {
            if child.exitStatusIfExited() != nil { return true }
            return (try? client.get("/rest/system/ping"))?.isSuccess == true
        }
        if let status = child.exitStatusIfExited() {
            process = nil
            throw SpawnError("syncthing \(name) exited with \(status)\n\(logTail())")
        }
        guard answered else {
            stop()
            throw SpawnError("syncthing \(name) did not answer on \(guiAddress) within \(seconds) s\n\(logTail())")
        }
        myID = try decode(SystemStatus.self, try rest(.get, "/rest/system/status")).myID
    }

    /// Sends a REST request; throws with the answer's text for a status that is not 2xx.
    @discardableResult
    public func rest(_ method: HTTPClient.Method, _ path: String, json: [UInt8]? = nil) throws -> HTTPResponse {
        let response = try client.request(method, path, body: json)
        guard response.isSuccess else {
            throw SpawnError("syncthing \(name): \(method.rawValue) \(path) answered \(response.status): \(response.text)")
        }
        return response
    }

    /// Decodes a JSON answer.
    public func decode<T: Decodable>(_ type: T.Type, _ response: HTTPResponse) throws -> T {
        try JSONDecoder().decode(type, from: Data(response.body))
    }

    /// A free TCP port on 127.0.0.1: bind port 0, read the port, close.
    public static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SpawnError("socket failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard status else { throw SpawnError("cannot find a free port") }
        return UInt16(bigEndian: address.sin_port)
    }

    private struct SystemStatus: Decodable { let myID: String }
}
