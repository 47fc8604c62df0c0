/// The WHATWG "prescan a byte stream to determine its encoding" algorithm: finds a
/// `<meta charset=…>` or a `<meta http-equiv="content-type" content="…; charset=…">` in the first
/// bytes of a page before anything is decoded, skipping comments and other tags' attributes (a
/// `charset` inside `<script>` text or a comment does not count).
struct MetaPrescan {
    private let bytes: [UInt8]
    private var position = 0

    private init(_ bytes: some Collection<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// The encoding label declared in `bytes` (usually the page's first 1024), if any.
    static func charset(in bytes: some Collection<UInt8>) -> String? {
        var scanner = MetaPrescan(bytes)
        return scanner.scan()
    }

    private mutating func scan() -> String? {
        while position < bytes.count {
            if matches("<!--") {
                position += 2
                while position + 2 < bytes.count,
                    !(bytes[position] == 0x2D && bytes[position + 1] == 0x2D && bytes[position + 2] == 0x3E)
                {
                    position += 1
                }
                position += 2
            } else if matchesLowercased("<meta"), position + 5 < bytes.count,
                Self.isSpace(bytes[position + 5]) || bytes[position + 5] == 0x2F
            {
                position += 5
                if let label = meta() { return label }
            } else if matches("<"), position + 1 < bytes.count,
                Self.isLetter(bytes[position + 1])
                    || (bytes[position + 1] == 0x2F && position + 2 < bytes.count
                        && Self.isLetter(bytes[position + 2]))
            {
                while position < bytes.count, !Self.isSpace(bytes[position]), bytes[position] != 0x3E { position += 1 }
                while attribute() != nil {}
            } else if matches("<!") || matches("</") || matches("<?") {
                while position < bytes.count, bytes[position] != 0x3E { position += 1 }
            }
            position += 1
        }
        return nil
    }

    /// The attributes of one `<meta>`; the label when they declare one the way the algorithm
    /// accepts.
    private mutating func meta() -> String? {
        var seen: Set<String> = []
        var gotPragma = false
        var needPragma: Bool?
        var charset: String?
        while let (name, value) = attribute() {
            guard seen.insert(name).inserted else { continue }
            switch name {
            case "http-equiv": if value == "content-type" { gotPragma = true }
            case "content":
                if charset == nil, let label = Self.charsetFromContent(Array(value.utf8)) {
                    charset = label
                    needPragma = true
                }
            case "charset":
                if charset == nil {
                    charset = value
                    needPragma = false
                }
            default: break
            }
        }
        guard let needPragma, let charset, !needPragma || gotPragma else { return nil }
        return charset
    }

    /// The "get an attribute" step: the next attribute's lowercased name and value, nil at `>`
    /// or the end.
    private mutating func attribute() -> (String, String)? {
        while position < bytes.count, Self.isSpace(bytes[position]) || bytes[position] == 0x2F { position += 1 }
        guard position < bytes.count, bytes[position] != 0x3E else { return nil }
        var name: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x3D, !name.isEmpty { break }
            if Self.isSpace(byte) {
                while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
                guard position < bytes.count, bytes[position] == 0x3D else { return (Self.text(name), "") }
                break
            }
            if byte == 0x2F || byte == 0x3E { return (Self.text(name), "") }
            name.append(Self.lowercased(byte))
            position += 1
        }
        guard position < bytes.count else { return nil }
        position += 1
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        guard position < bytes.count else { return nil }
        var value: [UInt8] = []
        let first = bytes[position]
        if first == 0x22 || first == 0x27 {
            position += 1
            while position < bytes.count, bytes[position] != first {
                value.append(Self.lowercased(bytes[position]))
                position += 1
            }
            guard position < bytes.count else { return nil }
            position += 1
            return (Self.text(name), Self.text(value))
        }
        if first == 0x3E { return (Self.text(name), "") }
        while position < bytes.count, !Self.isSpace(bytes[position]), bytes[position] != 0x3E {
            value.append(Self.lowercased(bytes[position]))
            position += 1
        }
        return position < bytes.count ? (Self.text(name), Self.text(value)) : nil
    }

    /// The WHATWG "extract a character encoding from a meta element" algorithm over a
    /// `content` value.
    static func charsetFromContent(_ content: [UInt8]) -> String? {
        let key = Array("charset".utf8)
        var index = 0
        while index + key.count <= content.count {
            guard content[index..<index + key.count].map(lowercased) == key else {
                index += 1
                continue
            }
            var cursor = index + key.count
            while cursor < content.count, isSpace(content[cursor]) { cursor += 1 }
            guard cursor < content.count, content[cursor] == 0x3D else {
                index = cursor
                continue
            }
            cursor += 1
            while cursor < content.count, isSpace(content[cursor]) { cursor += 1 }
            guard cursor < content.count else { return nil }
            let quote = content[cursor]
            if quote == 0x22 || quote == 0x27 {
                guard let end = content[(cursor + 1)...].firstIndex(of: quote) else { return nil }
                return text(Array(content[(cursor + 1)..<end]))
            }
            var end = cursor
            while end < content.count, !isSpace(content[end]), content[end] != 0x3B { end += 1 }
            return text(Array(content[cursor..<end]))
        }
        return nil
    }

    private func matches(_ literal: String) -> Bool {
        let key = Array(literal.utf8)
        return position + key.count <= bytes.count && Array(bytes[position..<position + key.count]) == key
    }

    private func matchesLowercased(_ literal: String) -> Bool {
        let key = Array(literal.utf8)
        return position + key.count <= bytes.count && bytes[position..<position + key.count].map(Self.lowercased) == key
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
}
