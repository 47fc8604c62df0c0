import CSystem
import CopypastaCore
import CopypastaSystem
import Glibc

/// The CLI side of the daemon socket: one request, one reply, with a deadline.
public enum DaemonClient {
    /// How long the CLI waits for the daemon's reply (a restore waits for the X server's confirmation).
    public static let timeoutSeconds = 10

    /// Sends `request` to the daemon at `socketPath` and returns its typed reply; throws `notRunning` when nobody answers.
    ///
    /// Nothing is sent unless the socket's directory is safe and the process listening on the socket
    /// runs as this user (SO_PEERCRED): a socket planted by someone else gets `unsafeRuntimeDirectory`.
    ///
    /// A daemon that accepts the connection but sends no reply within `timeout` seconds (stopped
    /// with SIGSTOP, or stuck) is `notAnswering`, with its pid.
    @discardableResult
    public static func send(
        _ request: IPCMessage.Request, socketPath: String, timeout seconds: Int = timeoutSeconds
    ) throws -> IPCMessage.Reply {
        let directory = socketPath.lastIndex(of: "/").map { String(socketPath[..<$0]) } ?? "."
        guard try RuntimeDirectory.check(directory.isEmpty ? "/" : directory),
            let fd = try UnixSocket.connect(socketPath)
        else { throw ClientError.notRunning(socket: socketPath) }
        defer { close(fd) }
        let pid = try checkPeer(fd, socketPath: socketPath)
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let line = Array((IPCMessage.encode(request) + "\n").utf8)
        guard line.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == line.count else {
            throw ClientError.notRunning(socket: socketPath)
        }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while !reply.contains(0x0A) && reply.count <= IPCMessage.maximumBytes {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                throw ClientError.notAnswering(socket: socketPath, pid: pid, seconds: seconds)
            }
            guard count > 0 else {
                throw ClientError.badReply(count == 0 ? "connection closed" : SystemError.describe(errno))
            }
            reply.append(contentsOf: chunk[0..<count])
        }
        let text = String(decoding: reply.prefix { $0 != 0x0A }, as: UTF8.self)
        switch IPCMessage.decodeReply(text, to: request) {
        case let .success(reply): return reply
        case let .failure(error): throw ClientError.refused(status: error.status, message: error.message)
        }
    }

    /// Sends `request` when a daemon runs (see `send`); nil when none answers. An unsafe socket, a
    /// refusal or a garbled reply is still thrown: only the daemon's absence is not an error.
    @discardableResult
    public static func sendIfRunning(_ request: IPCMessage.Request, socketPath: String) throws -> IPCMessage.Reply? {
        do {
            return try send(request, socketPath: socketPath)
        } catch ClientError.notRunning {
            return nil
        }
    }

    /// Throws unless the process that listens on `fd`'s other end runs as this user; returns its pid.
    private static func checkPeer(_ fd: Int32, socketPath: String) throws(SystemError) -> Int32 {
        var credentials = csystem_ucred()
        var length = socklen_t(MemoryLayout<csystem_ucred>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            throw .unsafeRuntimeDirectory(
                path: socketPath, reason: "its owner cannot be checked (\(SystemError.describe(errno)))")
        }
        guard credentials.uid == getuid() else {
            throw .unsafeRuntimeDirectory(
                path: socketPath, reason: "it is served by uid \(credentials.uid) (pid \(credentials.pid)), not by you")
        }
        return credentials.pid
    }
}
