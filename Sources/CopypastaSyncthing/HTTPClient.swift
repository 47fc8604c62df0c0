import CSystem
import CopypastaSystem
import Glibc

/// A minimal HTTP/1.1 client for loopback REST APIs (Syncthing's), without Foundation networking.
///
/// One request per connection (`Connection: close`), a non-blocking socket driven by poll(2)
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

    /// Sends one request and reads the whole response; `body` is sent as JSON when given.
    public func request(_ method: Method, _ path: String, body: [UInt8]? = nil) throws(HTTPError) -> HTTPResponse {
        let start = monotonicSeconds()
        let fd = try connect(deadline: start + timeout)
        defer { close(fd) }
        let exchangeDeadline = start + timeout
        try send(requestBytes(method, path, body: body), fd: fd, deadline: exchangeDeadline)
        return try receive(fd: fd, deadline: exchangeDeadline)
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

    private func connect(deadline: Double) throws(HTTPError) -> Int32 {
        var (family, storage, length) = address.socketAddress()
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .refused(address: address.text, reason: SystemError.describe(errno)) }
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, length) }
        }
        if status != 0 && errno != EINPROGRESS {
            let code = errno
            close(fd)
            throw .refused(address: address.text, reason: SystemError.describe(code))
        }
        if status != 0 {
            do throws(HTTPError) {
                try wait(fd: fd, for: Int16(POLLOUT), deadline: deadline)
            } catch {
                close(fd)
                throw error
            }
            var code: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &size)
            if code != 0 {
                close(fd)
                throw .refused(address: address.text, reason: SystemError.describe(code))
            }
        }
        return fd
    }

    private func send(_ bytes: [UInt8], fd: Int32, deadline: Double) throws(HTTPError) {
        var sent = 0
        while sent < bytes.count {
            try wait(fd: fd, for: Int16(POLLOUT), deadline: deadline)
            let count = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress.map { $0 + sent }, raw.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .badResponse(address: address.text, reason: "sending failed: \(SystemError.describe(errno))")
            }
            sent += count
        }
    }

    private func receive(fd: Int32, deadline: Double) throws(HTTPError) -> HTTPResponse {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            try wait(fd: fd, for: Int16(POLLIN), deadline: deadline)
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .badResponse(address: address.text, reason: "reading failed: \(SystemError.describe(errno))")
            }
            bytes.append(contentsOf: chunk[0..<count])
            do {
                if let response = try HTTPResponse.parse(bytes, atEnd: count == 0) { return response }
            } catch {
                throw .badResponse(address: address.text, reason: error.reason)
            }
        }
    }

    /// Blocks in poll(2) until `fd` is ready for `events` or the deadline passes.
    private func wait(fd: Int32, for events: Int16, deadline: Double) throws(HTTPError) {
        while true {
            let remaining = deadline - monotonicSeconds()
            guard remaining > 0 else { throw .timeout(address: address.text, seconds: timeout) }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(min(remaining * 1000, 3_600_000).rounded(.up)))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                throw .badResponse(address: address.text, reason: "poll failed: \(SystemError.describe(errno))")
            }
        }
    }

    private func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
