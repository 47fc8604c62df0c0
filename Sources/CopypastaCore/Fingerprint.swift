import CCrypto

/// The SHA-256 digest of an entry's UTF-8 text, the key of de-duplication (SPEC §4).
///
/// SHA-256 is stable across versions and collision-resistant, so it can be
/// persisted and compared across restarts (unlike DJB2 or SipHash ids, see
/// research/anchors.md §4.12). The digest comes from libcrypto, never from a
/// hand-written implementation.
public struct Fingerprint: Hashable, Sendable, CustomStringConvertible {
    /// The 32 digest bytes.
    public let bytes: [UInt8]

    /// Wraps 32 digest bytes read back from storage; nil for any other length.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self.bytes = bytes
    }

    /// Computes the digest of `text`'s UTF-8 bytes.
    public init(of text: String) {
        var text = text
        self = text.withUTF8 { Fingerprint(ofBytes: UnsafeRawBufferPointer($0)) }
    }

    /// Computes the digest of raw bytes.
    public init(ofBytes buffer: UnsafeRawBufferPointer) {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = digest.withUnsafeMutableBufferPointer { out in
            EVP_Digest(buffer.baseAddress, buffer.count, out.baseAddress, &length, EVP_sha256(), nil)
        }
        precondition(status == 1 && length == 32, "libcrypto failed to compute SHA-256")
        bytes = Array(digest.prefix(32))
    }

    /// Lower-case hexadecimal, 64 characters.
    public var description: String {
        let hex = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for byte in bytes {
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
