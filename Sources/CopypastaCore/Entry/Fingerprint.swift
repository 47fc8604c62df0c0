import CSodium

/// The SHA-256 digest of an entry's UTF-8 text, the key of de-duplication (docs/DESIGN.md §3).
///
/// SHA-256 is stable across versions and collision-resistant, so it can be
/// persisted and compared across restarts (unlike DJB2 or SipHash ids). The digest comes from libsodium, never from a hand-written
/// implementation; libsodium rather than OpenSSL's libcrypto because every
/// command loads it at start and libcrypto's size and relocations cost about
/// 0.8 ms per process start (docs/DESIGN.md §1, BENCHMARKS.md).
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
        precondition(Sodium.ready, "libsodium could not be initialised")
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        let status = digest.withUnsafeMutableBufferPointer { out -> Int32 in
            guard let digestStart = out.baseAddress else { return -1 }
            return crypto_hash_sha256(digestStart, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(buffer.count))
        }
        precondition(status == 0, "libsodium failed to compute SHA-256")
        bytes = digest
    }

    /// Lower-case hexadecimal, 64 characters.
    public var description: String { Sodium.hex(bytes) }
}
