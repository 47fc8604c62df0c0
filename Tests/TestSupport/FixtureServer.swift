import Glibc

/// A Python fixture under Tests/Fixtures that listens on a free loopback port and prints it as its
/// first line (the readiness signal): the HTTP server, the proxy, the fake AI provider.
public class LoopbackFixture: @unchecked Sendable {
    /// The fixture's process; stopped by PID when the fixture is released.
    public let child: Child
    /// The port it listens on, on 127.0.0.1.
    public let port: Int

    /// Starts `script` (a path below Tests/Fixtures) with `arguments` and waits (with a deadline)
    /// for its port; `name` says which fixture failed.
    init(_ script: String, _ arguments: [String], name: String) throws {
        child = try Child(["/usr/bin/python3", Repository.root + "/Tests/Fixtures/" + script] + arguments, stdin: false)
        guard let line = child.waitForLine("", seconds: 20), let port = Int(line) else {
            child.stop()
            throw SpawnError("\(name) did not print its port")
        }
        self.port = port
    }

    deinit { child.stop() }
}

/// The loopback HTTP server of Tests/Fixtures/http/serve.py: fixture pages and behaviours
/// (redirects, a stall, compression, sizes) for the network and archive tests.
public final class FixtureServer: LoopbackFixture, @unchecked Sendable {
    /// Starts the server and waits (with a deadline) for the port it prints first.
    public init() throws {
        try super.init("http/serve.py", [], name: "the fixture HTTP server")
    }

    /// The URL of `path` (starting with "/") on this server.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}

/// The loopback proxy of Tests/Fixtures/http/proxy.py (absolute-URI requests and CONNECT
/// tunnels), which prints each request line it receives: read them with `child.waitForLine`.
public final class FixtureProxy: LoopbackFixture, @unchecked Sendable {
    /// Starts the proxy and waits (with a deadline) for the port it prints first.
    public init() throws {
        try super.init("http/proxy.py", [], name: "the fixture proxy")
    }

    /// The proxy's URL, for `http_proxy` and `https_proxy`.
    public var url: String { "http://127.0.0.1:\(port)" }
}
