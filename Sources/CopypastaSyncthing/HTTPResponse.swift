import CopypastaCore

/// An HTTP/1.x response: status, headers and the whole body.
public struct HTTPResponse: Equatable, Sendable {
    /// The status code (200, 404, …).
    public let status: Int
    /// The header fields in order, names lowercased.
    public let headers: [(name: String, value: String)]
    /// The body, de-chunked.
    public let body: [UInt8]

    /// The body as text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The first header called `name` (any casing).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name == wanted }?.value
    }

    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.map { "\($0.name):\($0.value)" } == rhs.headers.map { "\($0.name):\($0.value)" }
    }

    /// The largest body accepted: REST answers are small, and a bound keeps a wrong port from filling memory.
    public static let maxBodyBytes = 16 << 20

    /// Parses `bytes` received so far: the response once it is whole, nil while more is needed.
    ///
    /// A body is delimited by chunked transfer coding, else by Content-Length, else by the end of
    /// the connection (`atEnd`). Throws a reason text for anything that is not HTTP/1.x.
    static func parse(_ bytes: [UInt8], atEnd: Bool) throws(HTTPParseFailure) -> HTTPResponse? {
        guard let headEnd = find([13, 10, 13, 10], in: bytes, from: 0) else {
            if atEnd || bytes.count > 64 << 10 {
                throw HTTPParseFailure(bytes.isEmpty ? "the connection closed without an answer" : "no complete header")
            }
            return nil
        }
        let lines = String(decoding: bytes[0..<headEnd], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusParts = (lines.first ?? "").split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]),
            (100...599).contains(status)
        else { throw HTTPParseFailure("the first line is \(String((lines.first ?? "").prefix(40)).debugDescription)") }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw HTTPParseFailure("a header line without ':'") }
            headers.append((line[..<colon].lowercased(), String(line[line.index(after: colon)...]).trimmingSpaces()))
        }
        let head = HTTPResponse(status: status, headers: headers, body: [])
        let rest = Array(bytes[(headEnd + 4)...])
        guard let body = try head.body(from: rest, atEnd: atEnd) else { return nil }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// The body in `rest` by this head's framing, nil while incomplete.
    private func body(from rest: [UInt8], atEnd: Bool) throws(HTTPParseFailure) -> [UInt8]? {
        if header("transfer-encoding")?.lowercased().contains("chunked") == true {
            return try Self.dechunk(rest, atEnd: atEnd)
        }
        if let lengthText = header("content-length") {
            guard let length = Int(lengthText), length >= 0 else { throw HTTPParseFailure("a bad Content-Length") }
            guard length <= Self.maxBodyBytes else { throw HTTPParseFailure("a body of \(length) bytes is too large") }
            if rest.count >= length { return Array(rest.prefix(length)) }
            if atEnd { throw HTTPParseFailure("the body ended after \(rest.count) of \(length) bytes") }
            return nil
        }
        if status == 204 || status == 304 || (100..<200).contains(status) { return [] }
        guard rest.count <= Self.maxBodyBytes else { throw HTTPParseFailure("the body is too large") }
        return atEnd ? rest : nil
    }

    /// Decodes a chunked body; nil until the last (zero) chunk has arrived.
    private static func dechunk(_ bytes: [UInt8], atEnd: Bool) throws(HTTPParseFailure) -> [UInt8]? {
        var body: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = find([13, 10], in: bytes, from: index) else {
                if atEnd { throw HTTPParseFailure("the chunked body ended early") }
                return nil
            }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).prefix { $0 != ";" }.trimmingSpaces()
            guard let size = Int(sizeText, radix: 16), size >= 0 else { throw HTTPParseFailure("a bad chunk size") }
            // Compared without adding: a size near Int.max after a first chunk would overflow the sum.
            guard size <= maxBodyBytes - body.count else { throw HTTPParseFailure("the body is too large") }
            let start = lineEnd + 2
            if size == 0 { return body }
            guard bytes.count >= start + size + 2 else {
                if atEnd { throw HTTPParseFailure("the chunked body ended early") }
                return nil
            }
            body.append(contentsOf: bytes[start..<(start + size)])
            index = start + size + 2
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if Array(haystack[index..<(index + needle.count)]) == needle { return index }
        }
        return nil
    }
}

/// Why bytes are not a readable HTTP response (a reason for `HTTPError.badResponse`).
struct HTTPParseFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
