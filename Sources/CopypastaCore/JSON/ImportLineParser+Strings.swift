extension ImportLineParser {
    /// A string; its bytes must be valid UTF-8 without control characters, as JSONDecoder
    /// requires of the fields it decodes. A string without escapes is checked and made in one pass.
    mutating func string() throws(Malformed) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self) else {
                throw Malformed()
            }
            return text
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard index < bytes.count, bytes[index] >= 0x20 else { throw Malformed() }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") { try escape() } else { scratch.append(byte) }
        }
        // An escape writes whole UTF-8 sequences that begin with a lead byte, so a raw sequence cut
        // by an escape stays invalid here.
        guard let text = String(validating: scratch, as: UTF8.self) else { throw Malformed() }
        return text
    }

    /// The character after a backslash, appended to `scratch` as UTF-8; a surrogate must be half
    /// of a pair.
    private mutating func escape() throws(Malformed) {
        guard index < bytes.count else { throw Malformed() }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hex4()
            if (0xD800...0xDBFF).contains(value) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else { throw Malformed() }
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw Malformed() }
                value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw Malformed() }
            UTF8.encode(scalar) { scratch.append($0) }
        default: throw Malformed()
        }
    }

    /// Four hexadecimal digits.
    private mutating func hex4() throws(Malformed) -> UInt32 {
        guard bytes.count - index >= 4 else { throw Malformed() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Malformed()
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
