import Glibc

/// The address ranges a fetch refuses unless the request allows private addresses: a copied
/// link must not make copypasta talk to the router or a service on this machine.
///
/// IPv4: "this network" 0/8, 10/8, 100.64/10 (carrier-grade NAT), loopback 127/8, link-local
/// 169.254/16, 172.16/12, 192.168/16, 198.18/15 (benchmarking), multicast and reserved 224/3.
/// IPv6: unspecified and loopback, unique-local fc00::/7, link-local fe80::/10, site-local
/// fec0::/10, multicast ff00::/8, and IPv4 addresses carried inside IPv6 (mapped, compatible,
/// NAT64 64:ff9b::/96), judged by their IPv4 part.
enum AddressRanges {
    /// Whether the IPv4 address (4 bytes, network order) is in a refused range.
    static func isPrivate(ipv4 b: [UInt8]) -> Bool {
        guard b.count == 4 else { return true }
        switch b[0] {
        case 0, 10, 127: return true
        case 100: return b[1] & 0xC0 == 64
        case 169: return b[1] == 254
        case 172: return b[1] & 0xF0 == 16
        case 192: return b[1] == 168 || (b[1] == 0 && b[2] == 0)
        case 198: return b[1] & 0xFE == 18
        default: return b[0] >= 224
        }
    }

    /// Whether the IPv6 address (16 bytes, network order) is in a refused range.
    static func isPrivate(ipv6 b: [UInt8]) -> Bool {
        guard b.count == 16 else { return true }
        let head = b[0..<10].allSatisfy { $0 == 0 }
        if head && b[10] == 0xFF && b[11] == 0xFF { return isPrivate(ipv4: Array(b[12..<16])) }
        if head && b[10] == 0 && b[11] == 0 {
            // ::, ::1 and the deprecated IPv4-compatible form ::a.b.c.d.
            return b[12..<15].allSatisfy { $0 == 0 } || isPrivate(ipv4: Array(b[12..<16]))
        }
        if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xFF && b[3] == 0x9B && b[4..<12].allSatisfy({ $0 == 0 }) {
            return isPrivate(ipv4: Array(b[12..<16]))
        }
        return b[0] & 0xFE == 0xFC || (b[0] == 0xFE && b[1] & 0x80 == 0x80) || b[0] == 0xFF
    }

    /// The numeric form of a socket address and whether it is refused; nil for a family other
    /// than IPv4 and IPv6 (refused by the caller).
    static func classify(_ address: UnsafePointer<sockaddr>) -> (text: String, isPrivate: Bool)? {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var raw = v4.pointee.sin_addr
                let bytes = withUnsafeBytes(of: &raw) { Array($0) }
                return (text(family: AF_INET, &raw), isPrivate(ipv4: bytes))
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                var raw = v6.pointee.sin6_addr
                let bytes = withUnsafeBytes(of: &raw) { Array($0) }
                return (text(family: AF_INET6, &raw), isPrivate(ipv6: bytes))
            }
        default:
            return nil
        }
    }

    /// `inet_ntop` of an in_addr or in6_addr.
    private static func text<T>(family: Int32, _ raw: inout T) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let written = withUnsafePointer(to: &raw) { inet_ntop(family, $0, &buffer, socklen_t(buffer.count)) }
        guard written != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Every address `host` resolves to, as (numeric text, refused). Used when a proxy makes the
    /// connection, so the address connected to is the proxy's, not the target's.
    static func resolve(_ host: String) throws(NetError) -> [(text: String, isPrivate: Bool)] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { throw .dns(host) }
        defer { freeaddrinfo(first) }
        var found: [(text: String, isPrivate: Bool)] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let current = node {
            if let address = current.pointee.ai_addr {
                found.append(classify(address) ?? ("?", true))
            }
            node = current.pointee.ai_next
        }
        return found
    }
}
