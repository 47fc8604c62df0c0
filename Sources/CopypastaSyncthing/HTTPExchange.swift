import CSystem
import CopypastaSystem
import Glibc

/// One HTTP request in progress, in steps that never block, so that an event loop can drive it
/// beside everything else: poll `pollDescriptor`, call `advance()` when it is ready or when
/// `deadline` passes, until `advance()` returns the response. `HTTPClient.request` drives one
/// to its end in a poll(2) loop of its own, for the commands that may wait.
///
/// The socket is non-blocking from its creation: the connection, the request and the response
/// each go as far as the peer lets them in one step, and the rest waits for the next.
public final class HTTPExchange {
    private enum Phase {
        case connecting
        case sending(sent: Int)
        case receiving
    }

    /// When the connection and the whole exchange must be over (monotonic seconds).
    public let deadline: Double
    private let client: HTTPClient
    private let request: [UInt8]
    private var fd: Int32
    private var phase = Phase.connecting
    private var received: [UInt8] = []

    /// Starts connecting to `client`'s address for `method path` (with a JSON `body`); the
    /// deadline is the client's `timeout` from now.
    public init(_ client: HTTPClient, _ method: HTTPClient.Method, _ path: String, body: [UInt8]? = nil) throws(HTTPError) {
        self.client = client
        request = client.requestBytes(method, path, body: body)
        deadline = exchangeClock() + client.timeout
        var (family, storage, length) = client.address.socketAddress()
        fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .refused(address: client.address.text, reason: SystemError.describe(errno)) }
        let status = withUnsafePointer(to: &storage) { [fd] in
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, length) }
        }
        if status != 0 && errno != EINPROGRESS {
            let code = errno
            close(fd)
            throw .refused(address: client.address.text, reason: SystemError.describe(code))
        }
        if status == 0 { phase = .sending(sent: 0) }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// What to wait for: writable while connecting or sending, readable while receiving.
    public var pollDescriptor: pollfd {
        if case .receiving = phase { return pollfd(fd: fd, events: Int16(POLLIN), revents: 0) }
        return pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    }

    /// Goes as far as the socket allows without waiting: the response once it is whole, nil
    /// while more must be waited for. Throws past the deadline and on any failure; the socket
    /// is closed once it returns a response or throws.
    public func advance() throws(HTTPError) -> HTTPResponse? {
        do throws(HTTPError) {
            let response = try step()
            if response != nil { finish() }
            return response
        } catch {
            finish()
            throw error
        }
    }

    private func step() throws(HTTPError) -> HTTPResponse? {
        guard fd >= 0 else { throw .badResponse(address: client.address.text, reason: "the exchange is over") }
        guard exchangeClock() < deadline else { throw .timeout(address: client.address.text, seconds: client.timeout) }
        if case .connecting = phase {
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard poll(&ready, 1, 0) > 0 else { return nil }
            var code: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &size)
            if code != 0 { throw .refused(address: client.address.text, reason: SystemError.describe(code)) }
            phase = .sending(sent: 0)
        }
        if case let .sending(sent) = phase {
            let now = try send(from: sent)
            guard now == request.count else {
                phase = .sending(sent: now)
                return nil
            }
            phase = .receiving
        }
        return try receive()
    }

    /// Sends what the socket takes from `sent` on; returns how much is sent in all.
    private func send(from sent: Int) throws(HTTPError) -> Int {
        var sent = sent
        while sent < request.count {
            let count = request.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress.map { $0 + sent }, raw.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { break }
                throw .badResponse(address: client.address.text, reason: "sending failed: \(SystemError.describe(errno))")
            }
            sent += count
        }
        return sent
    }

    /// Reads what is there; the response once the bytes make a whole one.
    private func receive() throws(HTTPError) -> HTTPResponse? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { return nil }
                throw .badResponse(address: client.address.text, reason: "reading failed: \(SystemError.describe(errno))")
            }
            received.append(contentsOf: chunk[0..<count])
            do {
                if let response = try HTTPResponse.parse(received, atEnd: count == 0) { return response }
            } catch {
                throw .badResponse(address: client.address.text, reason: error.reason)
            }
            if count == 0 { return nil }
        }
    }

    private func finish() {
        if fd >= 0 { close(fd) }
        fd = -1
    }
}

/// The monotonic clock the deadlines are in, in seconds.
func exchangeClock() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
