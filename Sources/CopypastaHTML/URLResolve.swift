/// Resolves `reference` (an attribute value or a CSS `url()`) against the absolute URL `base`,
/// as RFC 3986 §5.2 says, with the tolerance of a browser's URL parser for what pages contain:
/// surrounding spaces and control characters are trimmed, tabs and newlines inside dropped,
/// backslashes in http(s) URLs read as slashes, and spaces, quotes and non-ASCII in the path,
/// query and fragment percent-encoded. Scheme and host come back lowercased.
///
/// Returns nil when no absolute URL results: `base` is not absolute and `reference` is relative,
/// or `reference` is empty of anything but a fragment of a base that is itself unusable.
public func resolve(_ reference: String, against base: String) -> String? {
    let cleanedReference = URLParts.clean(reference)
    if let parts = URLParts(cleanedReference), let scheme = parts.scheme {
        var absolute = parts
        absolute.scheme = scheme
        absolute.path = URLParts.removeDotSegments(parts.path)
        return absolute.normalized()
    }
    guard let baseParts = URLParts(URLParts.clean(base)), baseParts.scheme != nil,
        var target = URLParts(cleanedReference, defaultScheme: baseParts.scheme)
    else { return nil }
    target.scheme = baseParts.scheme
    if target.authority == nil {
        target.authority = baseParts.authority
        if target.path.isEmpty {
            target.path = baseParts.path
            if target.query == nil { target.query = baseParts.query }
        } else if target.path.hasPrefix("/") {
            target.path = URLParts.removeDotSegments(target.path)
        } else {
            let merged: String
            if baseParts.authority != nil, baseParts.path.isEmpty {
                merged = "/" + target.path
            } else if let slash = baseParts.path.lastIndex(of: "/") {
                merged = baseParts.path[...slash] + target.path
            } else {
                merged = target.path
            }
            target.path = URLParts.removeDotSegments(merged)
        }
    } else {
        target.path = URLParts.removeDotSegments(target.path)
    }
    return target.normalized()
}

/// The five parts of a URL reference (RFC 3986 appendix B).
struct URLParts {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits `text`. `defaultScheme` is the scheme a relative reference will take, which
    /// decides whether backslashes are slashes.
    init?(_ text: String, defaultScheme: String? = nil) {
        var rest = Substring(text)
        if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
            scheme = rest[..<colon].lowercased()
            rest = rest[rest.index(after: colon)...]
        }
        if let special = scheme ?? defaultScheme, special == "http" || special == "https", rest.utf8.contains(0x5C) {
            // A browser reads `\` as `/` in these URLs (WHATWG URL); pages rely on it.
            rest = Substring(String(rest.map { $0 == "\\" ? "/" : $0 }))
        }
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            authority = String(afterSlashes[..<end])
            rest = afterSlashes[end...]
        }
        path = String(rest)
    }

    /// The URL put back together, scheme and host lowercased, what must be escaped escaped.
    func normalized() -> String {
        var text = ""
        if let scheme { text += scheme + ":" }
        if var authority {
            let hostStart = authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex
            authority = authority[..<hostStart] + authority[hostStart...].lowercased()
            text += "//" + authority
        }
        var path = path
        if path.isEmpty, authority != nil, scheme == "http" || scheme == "https" { path = "/" }
        text += Self.escaped(path)
        if let query { text += "?" + Self.escaped(query) }
        if let fragment { text += "#" + Self.escaped(fragment) }
        return text
    }

    /// RFC 3986 §5.2.4.
    static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        let absolute = path.hasPrefix("/")
        var segments = input.split(separator: "/", omittingEmptySubsequences: false)
        if absolute { segments.removeFirst() }
        let endsInDirectory = segments.last.map { $0 == "." || $0 == ".." } ?? false
        for segment in segments {
            switch segment {
            case ".": continue
            case "..": if !output.isEmpty { output.removeLast() }
            default: output.append(segment)
            }
        }
        input = Substring(output.joined(separator: "/"))
        var result = (absolute ? "/" : "") + input
        if endsInDirectory, !result.hasSuffix("/") { result += "/" }
        return result
    }

    /// `text` with surrounding spaces and control characters trimmed, tabs and newlines dropped.
    static func clean(_ text: String) -> String {
        // Most references have nothing to clean: a byte scan instead of the scalar copy.
        if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, last > 0x20,
            !text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        {
            return text
        }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { $0.value > 0x20 }),
            let end = scalars.lastIndex(where: { $0.value > 0x20 })
        else { return "" }
        var cleaned = String.UnicodeScalarView()
        cleaned.append(contentsOf: scalars[start...end].filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
        return String(cleaned)
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
        }
    }

    /// Percent-encodes what a URL may not contain raw: controls, space, `"<>\`{}|^` and
    /// non-ASCII (as UTF-8). An existing `%XX` stays.
    private static func escaped(_ text: String) -> String {
        let unsafe = Set(" \"<>`{}|^".utf8)
        guard text.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F || unsafe.contains($0) }) else { return text }
        var bytes: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if byte <= 0x20 || byte >= 0x7F || unsafe.contains(byte) {
                bytes += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Unicode.Scalar {
    /// An ASCII letter.
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
