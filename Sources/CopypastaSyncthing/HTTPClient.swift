import CSystem
import CopypastaSystem
import Glibc

/// A minimal HTTP/1.1 client for loopback REST APIs (Syncthing's), without Foundation networking.
///
/// One request per connection (`Connection: close`), a non-blocking socket (`HTTPExchange`)
/// under one deadline, `timeout` seconds after the start, for the connection and the whole
/// exchange: a hung or wrong peer costs at most `timeout` seconds and never blocks forever.
public struct HTTPClient: Sendable {
    /// The HTTP methods the REST APIs use.
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    /// Where requests go.
    public let address: HTTPAddress
    /// Headers sent with every request (`X-API-Key`).
    public var headers: [(name: String, value: String)]
    /// Seconds the connection and the whole exchange together may take.
    public var timeout: Double

    /// A client for `address` (`http://127.0.0.1:8384`); throws for a host that is not loopback.
    public init(address: String, headers: [(name: String, value: String)] = [], timeout: Double = 5) throws(HTTPError) {
        self.address = try HTTPAddress(address)
        self.headers = headers
        self.timeout = timeout
    }

    /// Sends one request and reads the whole response; `body` is sent as JSON when given. Waits
    /// in poll(2) for at most `timeout` seconds: for a command. A loop that must not wait (the
    /// daemon's) drives an `HTTPExchange` itself instead.
    public func request(_ method: Method, _ path: String, body: [UInt8]? = nil) throws(HTTPError) -> HTTPResponse {
        let exchange = try HTTPExchange(self, method, path, body: body)
        while true {
            if let response = try exchange.advance() { return response }
            let remaining = exchange.deadline - exchangeClock()
            // Past the deadline, the next `advance` throws the timeout.
            guard remaining > 0 else { continue }
            var entry = exchange.pollDescriptor
            if poll(&entry, 1, Int32(min(remaining * 1000, 3_600_000).rounded(.up))) < 0 && errno != EINTR {
                throw .badResponse(address: address.text, reason: "poll failed: \(SystemError.describe(errno))")
            }
        }
    }

    /// `GET path`.
    public func get(_ path: String) throws(HTTPError) -> HTTPResponse { try request(.get, path) }

    /// The request's bytes: request line, Host, our headers, framing, body.
    func requestBytes(_ method: Method, _ path: String, body: [UInt8]?) -> [UInt8] {
        let hostHeader = address.isIPv6 ? "[\(address.host)]:\(address.port)" : "\(address.host):\(address.port)"
        var head = "\(method.rawValue) \(address.prefix)\(path.hasPrefix("/") ? path : "/" + path) HTTP/1.1\r\n"
        head += "Host: \(hostHeader)\r\nConnection: close\r\nAccept: application/json\r\nUser-Agent: copypasta\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        if let body {
            head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n"
        } else if method != .get && method != .delete {
            head += "Content-Length: 0\r\n"
        }
        return Array((head + "\r\n").utf8) + (body ?? [])
    }
}
