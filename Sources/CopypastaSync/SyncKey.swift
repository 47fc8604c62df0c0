import CSodium
import CopypastaCore

/// The history key K: 32 random bytes shared by every device of one history (docs/DESIGN.md §14.2).
///
/// It never goes into the synced folder: it is kept in `sync.key` (0600) beside the database,
/// travels as the join code a person types, or sealed to one device's public key. Every use
/// has its own subkey (libsodium's key derivation, BLAKE2b), so the sealing key and the key of
/// the entry ids are unrelated: the segments' cipher is keyed with subkey 1, `gid` with
/// subkey 2, and the folder's key check is BLAKE2b keyed with K itself.
public final class SyncKey: Sendable {
    /// The length of K.
    public static let length = 32
    /// The name of the key file, in the data directory.
    public static let fileName = "sync.key"

    private let root: LockedBytes
    let sealing: LockedBytes
    private let identity: LockedBytes

    /// Takes `bytes` (32 of them) into locked memory and wipes the array.
    init(taking bytes: inout [UInt8]) {
        precondition(bytes.count == Self.length, "a history key has 32 bytes")
        root = LockedBytes(taking: &bytes)
        sealing = Self.subkey(1, of: root)
        identity = Self.subkey(2, of: root)
    }

    /// A new random key.
    public static func generate() -> SyncKey {
        var bytes = Sodium.random(length)
        return SyncKey(taking: &bytes)
    }

    /// `keyCheck` of the folder marker: BLAKE2b keyed with K over "copypasta key check", in
    /// hexadecimal. It tells a wrong key apart without revealing anything about K.
    public var keyCheck: String {
        root.withBytes { Sodium.hex(Sodium.blake2b(Array("copypasta key check".utf8), key: $0, length: 32)) }
    }

    /// The id of an entry's text across machines: BLAKE2b keyed with the key's id subkey over the
    /// UTF-8 text, 16 bytes as 32 hexadecimal characters. The same text is the same entry on every
    /// machine, and the folder does not reveal which text it is.
    public func gid(of text: String) -> String {
        identity.withBytes { Sodium.hex(Sodium.blake2b(Array(text.utf8), key: $0, length: 16)) }
    }

    /// Whether two keys are the same, compared in constant time.
    public func matches(_ other: SyncKey) -> Bool {
        root.matches(other.root)
    }

    /// Calls `body` with the 32 bytes of K (to seal it to a device); `body` must not keep them.
    func withRootBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try root.withBytes(body)
    }

    private static func subkey(_ id: UInt64, of root: LockedBytes) -> LockedBytes {
        var bytes = [UInt8](repeating: 0, count: length)
        let status = root.withBytes { master in
            bytes.withUnsafeMutableBufferPointer { out in
                guard let out = out.baseAddress, let master = master.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
                    return Int32(-1)
                }
                return crypto_kdf_derive_from_key(out, length, id, "cpsync01", master)
            }
        }
        precondition(status == 0, "libsodium could not derive a subkey")
        return LockedBytes(taking: &bytes)
    }
}
