import CSystem
import CopypastaCore
import CopypastaSystem
import Glibc
import Logging

/// The daemon's Unix socket (docs/DESIGN.md §4): non-blocking, inside the event loop.
///
/// Each client sends one request line and gets one reply line. Peers are
/// checked with SO_PEERCRED: another uid is refused and logged. Lines are
/// bounded; a client that sends nothing useful within `clientTimeout` is
/// dropped, so no client can hold the loop. At most `maxClients` are
/// connected: a new one closes the oldest, which has been idle longest (a
/// request is answered as soon as its line arrives). When the process is out
/// of descriptors, accept() fails while the connection stays pending: the
/// oldest client is closed to make room, or, with none, the listener rests
/// for `acceptPause` instead of waking poll() in a loop.
final class IPCServer: PollSource {
    private struct Client {
        let fd: Int32
        var buffer: [UInt8] = []
        let deadline: Double
    }

    /// How long a client may take to send its request.
    static let clientTimeout = 5.0
    /// How many clients may be connected at once.
    static let maxClients = 64
    /// How long the listener is left alone when no descriptor is free and no client can be closed.
    static let acceptPause = 0.25
    /// The shortest interval between two warnings about crowding (clients or descriptors).
    private static let warningInterval = 60.0

    private let listener: Int32
    private let path: String
    private var clients: [Int32: Client] = [:]
    private var listenerPausedUntil: Double?
    private var lastCrowdWarning = -Double.infinity
    private let logger: Logger
    private let handler: (IPCMessage.Request) -> Result<IPCMessage.Reply, IPCError>

    /// Binds `path` (0600) and listens; throws when another daemon answers there.
    init(path: String, logger: Logger, handler: @escaping (IPCMessage.Request) -> Result<IPCMessage.Reply, IPCError>) throws {
        self.path = path
        self.logger = logger
        self.handler = handler
        if let directory = path.lastIndex(of: "/").map({ String(path[..<$0]) }) { try RuntimeDirectory.prepare(directory) }
        if UnixSocket.isListening(path) {
            throw SystemError.cannotCreate(
                path: path, reason: "another copypasta daemon is listening there; set COPYPASTA_RUNTIME_DIR to run a second one")
        }
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw SystemError.cannotCreate(path: path, reason: SystemError.describe(errno)) }
        var address = try UnixSocket.address(path)
        let previous = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(previous)
        guard bound == 0, listen(listener, 16) == 0 else {
            let reason = SystemError.describe(errno)
            close(listener)
            throw SystemError.cannotCreate(path: path, reason: reason)
        }
        chmod(path, 0o600)
    }

    deinit {
        for fd in clients.keys { close(fd) }
        close(listener)
        unlink(path)
    }

    /// The listening socket and every connected client.
    var pollDescriptors: [pollfd] {
        (listenerPausedUntil == nil ? [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)] : [])
            + clients.keys.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    }

    /// Accepts new clients or reads a client's request.
    func handle(fd: Int32, events: Int16) {
        if fd == listener { accept() } else { read(fd) }
    }

    /// The earliest client deadline, or the end of the listener's rest.
    var nextDeadline: Double? { (clients.values.map(\.deadline) + [listenerPausedUntil].compactMap { $0 }).min() }

    /// Drops clients that did not send a request in time; ends the listener's rest.
    func expire(now: Double) {
        for client in clients.values where client.deadline <= now { drop(client.fd) }
        if let until = listenerPausedUntil, until <= now { listenerPausedUntil = nil }
    }

    private func accept() {
        while true {
            let fd = accept4(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
            guard fd >= 0 else {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    if outOfDescriptors() { continue }
                    return
                default: return
                }
            }
            var credentials = csystem_ucred()
            var length = socklen_t(MemoryLayout<csystem_ucred>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, credentials.uid == getuid() else {
                logger.warning(
                    "refused a socket connection from another user",
                    metadata: ["uid": "\(credentials.uid)", "pid": "\(credentials.pid)"])
                close(fd)
                continue
            }
            if clients.count >= Self.maxClients {
                warnCrowded("\(Self.maxClients) socket clients connected; closing the oldest idle ones")
                dropOldest()
            }
            clients[fd] = Client(fd: fd, deadline: monotonicSeconds() + Self.clientTimeout)
            // The request usually follows the connection at once: read it now, not a loop turn later.
            read(fd)
        }
    }

    /// Makes room after accept() ran out of descriptors: true when a client was closed and accepting may go on.
    private func outOfDescriptors() -> Bool {
        warnCrowded("out of file descriptors (\(SystemError.describe(errno))); closing the oldest idle socket client")
        if dropOldest() { return true }
        listenerPausedUntil = monotonicSeconds() + Self.acceptPause
        return false
    }

    /// Closes the client connected longest, whose deadline is the earliest; false when there is none.
    @discardableResult
    private func dropOldest() -> Bool {
        guard let oldest = clients.values.min(by: { $0.deadline < $1.deadline }) else { return false }
        drop(oldest.fd)
        return true
    }

    /// Logs `message` unless a crowding warning was logged within `warningInterval`: a flood must not flood the log.
    private func warnCrowded(_ message: String) {
        let now = monotonicSeconds()
        guard now - lastCrowdWarning >= Self.warningInterval else { return }
        lastCrowdWarning = now
        logger.warning("\(message)")
    }

    private func read(_ fd: Int32) {
        guard var client = clients[fd] else { return }
        var chunk = [UInt8](repeating: 0, count: 1024)
        let count = Glibc.read(fd, &chunk, chunk.count)
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
        guard count > 0 else { return drop(fd) }
        client.buffer.append(contentsOf: chunk[0..<count])
        if let newline = client.buffer.firstIndex(of: 0x0A) {
            let line = String(decoding: client.buffer[..<newline], as: UTF8.self)
            let reply: Result<IPCMessage.Reply, IPCError> = IPCMessage.decode(line).flatMap { handler($0) }
            switch reply {
            case let .success(answer): respond(fd, IPCMessage.encode(answer))
            case let .failure(error): respond(fd, IPCMessage.encodeError(error))
            }
            return drop(fd)
        }
        guard client.buffer.count <= IPCMessage.maximumBytes else {
            logger.warning("dropped an oversized socket request", metadata: ["bytes": "\(client.buffer.count)"])
            respond(fd, IPCMessage.encodeError(IPCError(status: .usage, message: "request too long")))
            return drop(fd)
        }
        clients[fd] = client
    }

    /// Replies fit in the socket buffer of a fresh connection, so one non-blocking write suffices.
    private func respond(_ fd: Int32, _ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Closes a client; the descriptor it frees lets a resting listener accept again.
    private func drop(_ fd: Int32) {
        clients[fd] = nil
        close(fd)
        listenerPausedUntil = nil
    }
}
