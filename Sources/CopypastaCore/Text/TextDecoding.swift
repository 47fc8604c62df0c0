/// How the bytes of a selection conversion are encoded.
public enum SelectionEncoding: Sendable, Equatable {
    /// UTF8_STRING or text/plain;charset=utf-8.
    case utf8
    /// STRING: ISO Latin-1 by ICCCM §2.6.2.
    case latin1
    /// TEXT or another type whose encoding the owner chose: UTF-8 when valid, else Latin-1.
    case unknown
}

/// Turns selection bytes into the UTF-8 text copypasta stores.
public enum TextDecoding {
    /// Decodes `bytes`. Invalid UTF-8 from a UTF-8 target is repaired with U+FFFD
    /// (and reported through `repaired`) so that the copy is kept and the
    /// database only ever holds valid UTF-8.
    public static func decode(_ bytes: [UInt8], as encoding: SelectionEncoding) -> (text: String, repaired: Bool) {
        switch encoding {
        case .latin1:
            return (latin1(bytes), false)
        case .utf8:
            if let text = String(validating: bytes, as: UTF8.self) { return (text, false) }
            return (String(decoding: bytes, as: UTF8.self), true)
        case .unknown:
            return (String(validating: bytes, as: UTF8.self) ?? latin1(bytes), false)
        }
    }

    /// Decodes a text received in chunks (INCR) into one exact-size string, without first
    /// joining the chunks: a large capture then holds at most the chunks and the text.
    public static func decode(chunks: [[UInt8]], as encoding: SelectionEncoding) -> (text: String, repaired: Bool) {
        if chunks.count == 1 { return decode(chunks[0], as: encoding) }
        guard encoding == .utf8 else { return decode(Array(chunks.joined()), as: encoding) }
        let total = chunks.reduce(0) { $0 + $1.count }
        // This initializer replaces invalid UTF-8 with U+FFFD; comparing with the chunks tells whether it did.
        var text = String(unsafeUninitializedCapacity: total) { buffer in
            var offset = 0
            for chunk in chunks {
                _ = UnsafeMutableBufferPointer(rebasing: buffer[offset..<offset + chunk.count]).initialize(from: chunk)
                offset += chunk.count
            }
            return total
        }
        let intact = text.withUTF8 { utf8 in
            guard utf8.count == total else { return false }
            var offset = 0
            return chunks.allSatisfy { chunk in
                defer { offset += chunk.count }
                return chunk.elementsEqual(UnsafeBufferPointer(rebasing: utf8[offset..<offset + chunk.count]))
            }
        }
        return (text, !intact)
    }

    /// The ISO Latin-1 bytes of `text`, or nil when a character is outside Latin-1.
    public static func latin1Bytes(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard scalar.value < 256 else { return nil }
            out.append(UInt8(scalar.value))
        }
        return out
    }

    private static func latin1(_ bytes: [UInt8]) -> String {
        var text = String.UnicodeScalarView()
        for byte in bytes { text.append(Unicode.Scalar(byte)) }
        return String(text)
    }
}
