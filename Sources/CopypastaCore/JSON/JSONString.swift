/// JSON string literals from UTF-8 bytes, in time linear in the text.
///
/// One pass: runs of bytes that need no escape are found eight bytes at a
/// time and copied whole, and each escape is written in place, with no
/// allocation. A long text is escaped in slices of 256 KiB into a scratch
/// buffer with room for the worst case, and the caller may hand the output
/// on (to stdout) whenever it grows past a limit, so a 20 MiB entry never
/// needs a second 20 MiB buffer.
public enum JSONString {
    /// Appends `text` as a JSON string literal to `out`, escaping `"`, `\`,
    /// control characters and U+2028/U+2029 (which end lines in JavaScript).
    ///
    /// Whenever `out` holds more than `flushAt` bytes, `flush` is called with
    /// it; `flush` is expected to write it somewhere and empty it.
    public static func append(
        _ text: String, to out: inout [UInt8], flushAt: Int = .max, flush: (inout [UInt8]) -> Void = { _ in }
    ) {
        var text = text
        text.withUTF8 { utf8 in
            out.append(quote)
            let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: min(utf8.count, sliceBytes + 3) * 6)
            defer { scratch.deallocate() }
            var start = 0
            while start < utf8.count {
                var end = min(start + sliceBytes, utf8.count)
                while end < utf8.count, utf8[end] & 0xC0 == 0x80 { end += 1 }
                let written = escape(UnsafeBufferPointer(rebasing: utf8[start..<end]), into: scratch)
                out.append(contentsOf: UnsafeBufferPointer(start: scratch, count: written))
                if out.count > flushAt { flush(&out) }
                start = end
            }
            out.append(quote)
        }
    }

    private static let sliceBytes = 256 << 10
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// Escapes a slice that ends on a character boundary into `scratch`, which has room for six bytes
    /// per input byte (the longest escape); returns how many bytes it wrote.
    private static func escape(_ utf8: UnsafeBufferPointer<UInt8>, into scratch: UnsafeMutablePointer<UInt8>) -> Int {
        guard let source = utf8.baseAddress else { return 0 }
        var cursor = scratch
        var done = 0
        while done < utf8.count {
            let special = nextEscape(in: utf8, from: done)
            cursor.update(from: source + done, count: special - done)
            cursor += special - done
            guard special < utf8.count else { break }
            done = special + writeEscape(utf8, at: special, to: &cursor)
        }
        return cursor - scratch
    }

    /// Writes the escape of the character at `index`; returns how many input bytes it replaced.
    @inline(__always)
    private static func writeEscape(
        _ utf8: UnsafeBufferPointer<UInt8>, at index: Int, to cursor: inout UnsafeMutablePointer<UInt8>
    ) -> Int {
        let byte = utf8[index]
        let short: UInt8? =
            switch byte {
            case quote: quote
            case backslash: backslash
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            default: nil
            }
        cursor[0] = backslash
        if let short {
            cursor[1] = short
            cursor += 2
            return 1
        }
        let value = byte == 0xE2 ? 0x2028 + Int(utf8[index + 2] & 1) : Int(byte)
        cursor[1] = UInt8(ascii: "u")
        for position in 0..<4 {
            cursor[2 + position] = hexDigit((value >> (12 - 4 * position)) & 0xF)
        }
        cursor += 6
        return byte == 0xE2 ? 3 : 1
    }

    @inline(__always)
    private static func hexDigit(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value < 10 ? 0x30 + value : 0x57 + value)
    }

    /// The index of the first byte at or after `start` that starts an escape, or the end.
    @inline(__always)
    private static func nextEscape(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = UnsafeRawPointer(utf8.baseAddress) else { return utf8.count }
        var index = start
        while index + 8 <= utf8.count, !mayNeedEscape(base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
            index += 8
        }
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x20 || byte == quote || byte == backslash || (byte == 0xE2 && isLineSeparator(utf8, at: index)) {
                return index
            }
            index += 1
        }
        return index
    }

    /// Whether any of eight bytes is a control character, `"`, `\` or 0xE2 (which starts U+2028 and U+2029).
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let below0x20 = (word &- ones &* 0x20) & ~word & highs != 0
        return below0x20 || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C)) || hasZero(word ^ (ones &* 0xE2))
    }

    /// Whether U+2028 or U+2029 starts at `index`.
    @inline(__always)
    private static func isLineSeparator(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < utf8.count && utf8[index + 1] == 0x80 && utf8[index + 2] & 0xFE == 0xA8
    }
}
