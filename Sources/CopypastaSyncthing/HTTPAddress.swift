import Glibc

/// A loopback HTTP endpoint, parsed from `http://HOST:PORT[/prefix]`.
///
/// Only loopback hosts are accepted: the client sends Syncthing's API key in clear and has no
/// TLS, so it must never leave the machine. `localhost` means 127.0.0.1.
public struct HTTPAddress: Equatable, Sendable {
    /// The host as written (`127.0.0.1`, `::1`, `localhost`); used in the Host header.
    public let host: String
    /// The TCP port.
    public let port: UInt16
    /// A path prefix put before every request path (empty, or starting with `/` without a trailing one).
    public let prefix: String

    /// Whether the host is an IPv6 literal.
    var isIPv6: Bool { host.contains(":") }

    /// The address as `http://host:port`, for messages.
    public var text: String { "http://\(isIPv6 ? "[\(host)]" : host):\(port)\(prefix)" }

    /// Parses `text`; a missing scheme means http, a missing port 80.
    public init(_ text: String) throws(HTTPError) {
        var rest = Substring(text)
        if rest.hasPrefix("https://") { throw .badAddress(text + " (https is not supported: use the GUI's plain http address)") }
        if rest.hasPrefix("http://") { rest = rest.dropFirst("http://".count) }
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)
        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .badAddress(text) }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .badAddress(text) }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
        }
        guard !host.isEmpty else { throw .badAddress(text) }
        guard ["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) else { throw .notLoopback(text) }
        let port = portText.map { UInt16($0) } ?? 80
        guard let port, port != 0 else { throw .badAddress(text) }
        self.host = host.lowercased()
        self.port = port
        var prefix = String(path)
        while prefix.hasSuffix("/") { prefix.removeLast() }
        self.prefix = prefix
    }

    /// The socket address to connect to.
    func socketAddress() -> (family: Int32, storage: sockaddr_storage, length: socklen_t) {
        var storage = sockaddr_storage()
        if isIPv6 {
            withUnsafeMutableBytes(of: &storage) { raw in
                var address = sockaddr_in6()
                address.sin6_family = sa_family_t(AF_INET6)
                address.sin6_port = port.bigEndian
                address.sin6_addr = in6addr_loopback
                raw.storeBytes(of: address, as: sockaddr_in6.self)
            }
            return (AF_INET6, storage, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
        withUnsafeMutableBytes(of: &storage) { raw in
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            raw.storeBytes(of: address, as: sockaddr_in.self)
        }
        return (AF_INET, storage, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
}
