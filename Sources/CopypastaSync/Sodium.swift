import CSodium

/// The few libsodium calls the sync module makes, with Swift arrays.
///
/// libsodium rather than hand-written primitives: BLAKE2b, XChaCha20-Poly1305,
/// X25519 sealed boxes and a CSPRNG, all from one library every command
/// already links (docs/DESIGN.md §1, §14.2).
enum Sodium {
    /// libsodium asks for sodium_init() before any other call; it is idempotent and thread-safe.
    static let ready = sodium_init() >= 0

    /// `count` bytes from the system's CSPRNG.
    static func random(_ count: Int) -> [UInt8] {
        precondition(ready, "libsodium could not be initialised")
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { randombytes_buf(base, buffer.count) }
        }
        return bytes
    }

    /// BLAKE2b of `message` with an output of `length` bytes (16 to 64), keyed with `key` when given.
    static func blake2b(_ message: [UInt8], key: UnsafeRawBufferPointer? = nil, length: Int) -> [UInt8] {
        message.withUnsafeBytes { blake2b($0, key: key, length: length) }
    }

    /// BLAKE2b of the bytes at `message` (see the array form), for a secret that must not be copied.
    static func blake2b(_ message: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer? = nil, length: Int) -> [UInt8] {
        precondition(ready, "libsodium could not be initialised")
        var digest = [UInt8](repeating: 0, count: length)
        let status = digest.withUnsafeMutableBufferPointer { out in
            guard let out = out.baseAddress else { return Int32(-1) }
            return crypto_generichash(
                out, length, message.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(message.count),
                key?.baseAddress?.assumingMemoryBound(to: UInt8.self), key?.count ?? 0)
        }
        precondition(status == 0, "libsodium refused a BLAKE2b length of \(length)")
        return digest
    }

    /// SHA-256 of `bytes` (the identity of an imported file).
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        precondition(ready, "libsodium could not be initialised")
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        _ = digest.withUnsafeMutableBufferPointer { out in
            guard let out = out.baseAddress else { return Int32(-1) }
            return crypto_hash_sha256(out, bytes, UInt64(bytes.count))
        }
        return digest
    }

    /// Overwrites `bytes` with zeros in a way the compiler cannot drop.
    static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { sodium_memzero(base, buffer.count) }
        }
    }

    /// Lowercase hexadecimal digits of `bytes`.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of lowercase or uppercase hexadecimal `text`; nil for an odd length or another character.
    static func unhex(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
