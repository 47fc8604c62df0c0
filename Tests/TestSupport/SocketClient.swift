import Glibc

/// Sends raw bytes to a Unix socket and returns what comes back before it closes (for protocol abuse tests).
public func socketExchange(_ path: String, _ bytes: [UInt8], timeout: Int = 5) -> String? {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (index, byte) in path.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
    }
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard connected == 0 else { return nil }
    var limit = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var reply: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while case let count = recv(fd, &chunk, chunk.count, 0), count > 0 { reply.append(contentsOf: chunk[0..<count]) }
    return String(decoding: reply, as: UTF8.self)
}

/// Connects `count` clients to the Unix socket at `path` that send nothing; returns their descriptors (the caller closes them).
///
/// A connect waits at most `timeout` seconds for room in the listen backlog, so a daemon that stops accepting
/// ends the loop early instead of hanging the test.
public func connectIdleClients(_ path: String, count: Int, timeout: Int = 5) -> [Int32] {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (index, byte) in path.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
    }
    var clients: [Int32] = []
    for _ in 0..<count {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { break }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            break
        }
        clients.append(fd)
    }
    return clients
}

/// The CPU time (user + system, in clock ticks) process `pid` has used, -1 when it cannot be read.
public func cpuTicks(_ pid: pid_t) -> Int {
    let fd = open("/proc/\(pid)/stat", O_RDONLY)
    guard fd >= 0 else { return -1 }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = read(fd, &buffer, buffer.count)
    let stat = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
    let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
    return fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : -1
}

/// How many descriptors process `pid` has open, -1 when they cannot be listed.
public func openDescriptorCount(_ pid: pid_t) -> Int {
    guard let directory = opendir("/proc/\(pid)/fd") else { return -1 }
    defer { closedir(directory) }
    var count = 0
    while readdir(directory) != nil { count += 1 }
    return count - 2
}
