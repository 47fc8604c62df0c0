/// RFC 4648 base32 without padding, in the lowercase alphabet `a-z2-7`.
///
/// Device ids, fingerprints and the join code use it: no characters that
/// look alike (0/O, 1/l/I), safe in file names on every file system, and
/// case-insensitive when a person types it back.
enum Base32 {
    /// The 32 characters, in value order.
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    /// `bytes` as base32 characters, the last one padded with zero bits.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | Int(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(alphabet[(buffer >> bits) & 31])
            }
            buffer &= (1 << bits) - 1
        }
        if bits > 0 { out.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value (0–31) of one character, either case; nil for any other character.
    static func value(of character: UInt8) -> Int? {
        switch character {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(character - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(character - UInt8(ascii: "A"))
        case UInt8(ascii: "2")...UInt8(ascii: "7"): Int(character - UInt8(ascii: "2")) + 26
        default: nil
        }
    }

    /// The bytes of `text` (either case); nil for a character outside the alphabet. Trailing bits
    /// that do not fill a byte are dropped.
    static func decode(_ text: some Sequence<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = 0
        var bits = 0
        for character in text {
            guard let value = value(of: character) else { return nil }
            buffer = buffer << 5 | value
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8((buffer >> bits) & 0xFF))
            }
            buffer &= (1 << bits) - 1
        }
        return bytes
    }

    /// Whether `text` is `count` characters of the lowercase alphabet (a device id).
    static func isLowercase(_ text: String, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { alphabet.contains($0) }
    }
}
