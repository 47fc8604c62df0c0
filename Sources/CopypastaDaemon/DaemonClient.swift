import CSystem
import CopypastaCore
import Glibc

/// The CLI side of the daemon socket: one request, one reply, with a deadline.
public enum DaemonClient {
    /// How long the CLI waits for the daemon's reply (a restore waits for the X server's confirmation).
    static let timeoutSeconds = 10

    /// Sends `request` to the daemon at `socketPath`; throws `notRunning` when nobody answers.
    ///
    /// Nothing is sent unless the socket's directory is safe and the process listening on the socket
    /// runs as this user (SO_PEERCRED): a socket planted by someone else gets `unsafeRuntimeDirectory`.
    public static func send(_ request: IPCMessage.Request, socketPath: String) throws -> String {
        let directory = socketPath.lastIndex(of: "/").map { String(socketPath[..<$0]) } ?? "."
        guard try RuntimeDirectory.check(directory.isEmpty ? "/" : directory) else { throw DaemonError.notRunning(socket: socketPath) }
        let fd = try connect(socketPath)
        defer { close(fd) }
        try checkPeer(fd, socketPath: socketPath)
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let line = Array((IPCMessage.encode(request) + "\n").utf8)
        guard line.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == line.count else {
            throw DaemonError.notRunning(socket: socketPath)
        }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while !reply.contains(0x0A) && reply.count <= IPCMessage.maximumBytes {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw DaemonError.badReply(count == 0 ? "connection closed" : "no reply in \(timeoutSeconds) s") }
            reply.append(contentsOf: chunk[0..<count])
        }
        let text = String(decoding: reply.prefix { $0 != 0x0A }, as: UTF8.self)
        switch IPCMessage.decodeReply(text) {
        case let .success(detail): return detail
        case let .failure(error): throw DaemonError.refused(status: error.status, message: error.message)
        }
    }

    /// Throws unless the process that listens on `fd`'s other end runs as this user.
    private static func checkPeer(_ fd: Int32, socketPath: String) throws {
        var credentials = csystem_ucred()
        var length = socklen_t(MemoryLayout<csystem_ucred>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            throw DaemonError.unsafeRuntimeDirectory(path: socketPath, reason: "its owner cannot be checked (\(String(cString: strerror(errno))))")
        }
        guard credentials.uid == getuid() else {
            throw DaemonError.unsafeRuntimeDirectory(
                path: socketPath, reason: "it is served by uid \(credentials.uid) (pid \(credentials.pid)), not by you")
        }
    }

    /// Whether a daemon accepts connections on `socketPath`.
    public static func isListening(_ socketPath: String) -> Bool {
        guard let fd = try? connect(socketPath) else { return false }
        close(fd)
        return true
    }

    /// The sockaddr_un of `path`; throws when the path is too long for it.
    static func address(_ path: String) throws -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw DaemonError.cannotCreate(path: path, reason: "the socket path is longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return address
    }

    private static func connect(_ path: String) throws -> Int32 {
        var address = try address(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw DaemonError.notRunning(socket: path) }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard status == 0 else {
            close(fd)
            throw DaemonError.notRunning(socket: path)
        }
        return fd
    }
}
