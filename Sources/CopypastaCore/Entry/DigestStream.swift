import CSodium

/// SHA-256 over bytes that arrive in pieces (a file copied in chunks), from libsodium's
/// incremental interface: the digest of a 4 GiB document without holding it in memory.
public struct DigestStream {
    private var state = crypto_hash_sha256_state()

    /// A digest with nothing hashed yet.
    public init() {
        precondition(Sodium.ready, "libsodium could not be initialised")
        crypto_hash_sha256_init(&state)
    }

    /// Hashes the next piece.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        crypto_hash_sha256_update(&state, base.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count))
    }

    /// The 32 digest bytes of everything hashed so far; the stream must not be used afterwards.
    public mutating func finish() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        digest.withUnsafeMutableBufferPointer { out in
            if let base = out.baseAddress { crypto_hash_sha256_final(&state, base) }
        }
        return digest
    }
}
