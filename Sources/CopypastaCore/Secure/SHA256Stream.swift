import CSodium

/// SHA-256 over bytes that come in slices (a document extracted from its sync blob a slice per
/// turn of the daemon's loop, docs/DESIGN.md §14.2), so the file is never held whole to be
/// checked against its digest.
public struct SHA256Stream {
    private var state = crypto_hash_sha256_state()

    /// A digest of nothing yet.
    public init() {
        precondition(Sodium.ready, "libsodium could not be initialised")
        crypto_hash_sha256_init(&state)
    }

    /// Adds `bytes` to what the digest covers.
    public mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { buffer in
            _ = crypto_hash_sha256_update(&state, buffer.baseAddress, UInt64(buffer.count))
        }
    }

    /// The 32 bytes of the digest of everything added.
    public mutating func finish() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        _ = crypto_hash_sha256_final(&state, &digest)
        return digest
    }
}
