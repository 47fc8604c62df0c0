import CGumbo
import Glibc

/// The character encoding of a page, found as the WHATWG encoding sniffing algorithm does, and
/// the page's bytes decoded to UTF-8 (gumbo parses UTF-8 only).
///
/// The order, first match wins: a byte order mark; the `charset` parameter of the HTTP
/// `Content-Type`; a `<meta charset>` or `<meta http-equiv="content-type">` in the first 1024
/// bytes (`MetaPrescan`); windows-1252, the web's default for pages that say nothing. A label
/// nobody knows is skipped, not an error. Decoding never fails: a byte the encoding does not
/// define becomes U+FFFD (docs/DESIGN.md, "HTML pages").
public enum PageCharset {
    /// The result of decoding: the UTF-8 bytes and the encoding they came from (a WHATWG name).
    public struct Decoded: Sendable {
        /// The page as UTF-8.
        public var utf8: [UInt8]
        /// The encoding used, by its canonical WHATWG name (`windows-1251`, `shift_jis`).
        public var charset: String
    }

    /// Decodes `bytes` served with the `Content-Type` header `contentType` (nil when unknown).
    public static func decode(_ bytes: [UInt8], contentType: String?) -> Decoded {
        let (charset, skip) = sniff(bytes, contentType: contentType)
        let body = Array(bytes[skip...])
        return Decoded(utf8: convert(body, from: charset), charset: charset)
    }

    /// The encoding of `bytes` and the length of its byte order mark.
    public static func sniff(_ bytes: [UInt8], contentType: String?) -> (charset: String, bomLength: Int) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return ("utf-8", 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return ("utf-16be", 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return ("utf-16le", 2) }
        if let declared = contentType.flatMap(charsetParameter), let name = canonicalName(declared) {
            return (name, 0)
        }
        if let declared = MetaPrescan.charset(in: bytes.prefix(1024)), var name = canonicalName(declared) {
            // A page cannot declare itself UTF-16 from inside (its ASCII meta proves it is not).
            if name.hasPrefix("utf-16") { name = "utf-8" }
            return (name, 0)
        }
        return ("windows-1252", 0)
    }

    /// The `charset` parameter of a `Content-Type` value, quotes removed.
    static func charsetParameter(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingASCIIWhitespace().lowercased() == "charset" else { continue }
            var value = pair[1].trimmingASCIIWhitespace()
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }

    /// The WHATWG name an encoding label stands for, nil for a label the web does not know.
    public static func canonicalName(_ label: String) -> String? {
        let key = label.trimmingASCIIWhitespace().lowercased()
        if let name = EncodingLabels.canonical[key] { return name }
        return nil
    }

    /// Converts `bytes` from `charset` (a canonical name) to UTF-8.
    static func convert(_ bytes: [UInt8], from charset: String) -> [UInt8] {
        if charset == "utf-8" { return Array(String(decoding: bytes, as: UTF8.self).utf8) }
        for name in EncodingLabels.iconvNames(charset) {
            if let converted = iconvConvert(bytes, from: name) { return converted }
        }
        return Array(String(decoding: bytes, as: UTF8.self).utf8)
    }

    /// One pass of iconv over `bytes`; a byte the encoding does not define becomes U+FFFD, and
    /// a sequence cut off at the end too. Nil when iconv does not know `name`.
    private static func iconvConvert(_ bytes: [UInt8], from name: String) -> [UInt8]? {
        let converter = iconv_open("UTF-8", name)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2)
        var input = bytes
        var position = 0
        var chunk = [UInt8](repeating: 0, count: 16384)
        while position < input.count {
            let result = input.withUnsafeMutableBufferPointer { inBuffer in
                chunk.withUnsafeMutableBufferPointer { outBuffer in
                    step(converter, inBuffer, from: position, into: outBuffer)
                }
            }
            output.append(contentsOf: chunk[0..<result.written])
            position = result.position
            switch result.status {
            case .done, .outputFull: continue
            case .invalid:
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                position += 1
            case .truncated:
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                position = input.count
            }
        }
        input.removeAll()
        return output
    }

    private enum StepStatus { case done, outputFull, invalid, truncated }

    /// One call of iconv from `position`.
    private static func step(
        _ converter: iconv_t, _ input: UnsafeMutableBufferPointer<UInt8>, from position: Int,
        into output: UnsafeMutableBufferPointer<UInt8>
    ) -> (status: StepStatus, position: Int, written: Int) {
        guard let inBase = input.baseAddress, let outBase = output.baseAddress else { return (.done, input.count, 0) }
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBase + position)
            .assumingMemoryBound(to: CChar.self)
        var inLeft = input.count - position
        var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBase).assumingMemoryBound(to: CChar.self)
        var outLeft = output.count
        let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
        let status: StepStatus
        if result != -1 {
            status = .done
        } else {
            switch errno {
            case E2BIG: status = .outputFull
            case EINVAL: status = .truncated
            default: status = .invalid
            }
        }
        return (status, input.count - inLeft, output.count - outLeft)
    }
}

extension StringProtocol {
    /// The string without leading and trailing ASCII whitespace (HTML's definition: space, tab,
    /// LF, FF, CR).
    func trimmingASCIIWhitespace() -> String {
        let string = String(self)
        let scalars = string.unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { " \t\n\u{0C}\r".unicodeScalars.contains($0) }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }),
            let end = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[start...end])
    }
}
