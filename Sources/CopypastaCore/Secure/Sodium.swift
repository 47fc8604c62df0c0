import CSodium

/// The libsodium calls made with Swift arrays, and its one initialisation.
///
/// libsodium rather than hand-written primitives: SHA-256, BLAKE2b, XChaCha20-Poly1305,
/// X25519 sealed boxes and a CSPRNG, all from one library every command
/// already links (docs/DESIGN.md §1, §14.2). Every user of libsodium in the
/// package checks `ready` first, so sodium_init() runs in one place.
public enum Sodium {
    /// libsodium asks for sodium_init() before any other call; it is idempotent and thread-safe,
    /// and this runs it once, on first use.
    public static let ready = sodium_init() >= 0

    /// `count` bytes from the system's CSPRNG.
    public static func random(_ count: Int) -> [UInt8] {
        precondition(ready, "libsodium could not be initialised")
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { randombytes_buf(base, buffer.count) }
        }
        return bytes
    }

    /// BLAKE2b of `message` with an output of `length` bytes (16 to 64), keyed with `key` when given.
    public static func blake2b(_ message: [UInt8], key: UnsafeRawBufferPointer? = nil, length: Int) -> [UInt8] {
        message.withUnsafeBytes { blake2b($0, key: key, length: length) }
    }

    /// BLAKE2b of the bytes at `message` (see the array form), for a secret that must not be copied.
    public static func blake2b(_ message: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer? = nil, length: Int) -> [UInt8] {
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
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { Fingerprint(ofBytes: $0).bytes }
    }

    /// Overwrites `bytes` with zeros in a way the compiler cannot drop.
    public static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { sodium_memzero(base, buffer.count) }
        }
    }

    /// Lowercase hexadecimal digits of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
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
    public static func unhex(_ text: String) -> [UInt8]? {
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

    /// The value of one hexadecimal digit, either case; nil for another character.
    static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
