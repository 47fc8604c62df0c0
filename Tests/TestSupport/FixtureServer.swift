import Glibc

/// The loopback HTTP server of Tests/Fixtures/http/serve.py: fixture pages and behaviours
/// (redirects, a stall, compression, sizes) for the network and archive tests.
public final class FixtureServer: @unchecked Sendable {
    /// The server process; stopped by PID when the server is released.
    public let child: Child
    /// The port it listens on, on 127.0.0.1.
    public let port: Int

    /// Starts the server and waits (with a deadline) for the port it prints first.
    public init() throws {
        let file = #filePath
        let tests = String(file[..<(file.firstRange(of: "/TestSupport/")?.lowerBound ?? file.endIndex)])
        child = try Child(["/usr/bin/python3", tests + "/Fixtures/http/serve.py"], stdin: false)
        guard let line = child.waitForLine("", seconds: 20), let port = Int(line) else {
            child.stop()
            throw SpawnError("the fixture HTTP server did not print its port")
        }
        self.port = port
    }

    deinit { child.stop() }

    /// The URL of `path` (starting with "/") on this server.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}

/// The loopback proxy of Tests/Fixtures/http/proxy.py (absolute-URI requests and CONNECT
/// tunnels), which prints each request line it receives: read them with `child.waitForLine`.
public final class FixtureProxy: @unchecked Sendable {
    /// The proxy process; stopped by PID when the proxy is released.
    public let child: Child
    /// The port it listens on, on 127.0.0.1.
    public let port: Int

    /// Starts the proxy and waits (with a deadline) for the port it prints first.
    public init() throws {
        let file = #filePath
        let tests = String(file[..<(file.firstRange(of: "/TestSupport/")?.lowerBound ?? file.endIndex)])
        child = try Child(["/usr/bin/python3", tests + "/Fixtures/http/proxy.py"], stdin: false)
        guard let line = child.waitForLine("", seconds: 20), let port = Int(line) else {
            child.stop()
            throw SpawnError("the fixture proxy did not print its port")
        }
        self.port = port
    }

    deinit { child.stop() }

    /// The proxy's URL, for `http_proxy` and `https_proxy`.
    public var url: String { "http://127.0.0.1:\(port)" }
}
