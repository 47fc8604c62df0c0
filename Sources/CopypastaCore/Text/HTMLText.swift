/// The words of an HTML document for search: a scanner that skips tags, comments and the
/// contents of `script`, `style`, `noscript` and `template`, and decodes the common entities.
///
/// Extraction only, never rendering or archiving (the archive worker parses HTML with a real
/// parser): its one promise is to find the words a reader sees. It reads bytes once, front to
/// back, and never backtracks, so hostile input costs linear time (fuzz target `htmltext`).
public enum HTMLText {
    /// Elements whose contents are not text a reader sees.
    private static let hidden: [[UInt8]] = ["script", "style", "noscript", "template"].map { Array($0.utf8) }
    /// Elements that break a line: their words do not run into the next ones.
    private static let breaking: Set<[UInt8]> = Set(
        [
            "p", "br", "div", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "title", "pre", "blockquote",
            "section", "article", "header", "footer", "dt", "dd", "hr",
        ].map { Array($0.utf8) })

    /// The visible text of `html` (UTF-8; invalid bytes are replaced), white space collapsed and a
    /// line break for each block element, at most `DocumentText.maximumBytes`.
    public static func extract(_ html: [UInt8]) -> String {
        var out: [UInt8] = []
        var index = 0
        var pendingSpace = false
        func emit(_ byte: UInt8) {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                pendingSpace = !out.isEmpty
                return
            }
            if pendingSpace, out.last != 0x0A { out.append(0x20) }
            pendingSpace = false
            out.append(byte)
        }
        while index < html.count, out.count < DocumentText.maximumBytes {
            let byte = html[index]
            if byte == UInt8(ascii: "<"), index + 1 < html.count, startsMarkup(html[index + 1]) {
                let (next, name, closing) = skipMarkup(html, from: index)
                if !closing, let hiddenName = hidden.first(where: { $0 == name }) {
                    index = skipHidden(html, from: next, name: hiddenName)
                } else {
                    index = next
                }
                if breaking.contains(name) {
                    if !out.isEmpty, out.last != 0x0A { out.append(0x0A) }
                    pendingSpace = false
                } else {
                    emit(0x20)
                }
            } else if byte == UInt8(ascii: "&") {
                let (next, decoded) = entity(html, from: index)
                for scalar in decoded { emit(scalar) }
                index = next
            } else {
                emit(byte)
                index += 1
            }
        }
        while let last = out.last, last == 0x0A || last == 0x20 { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether the byte after a `<` starts markup (a name, `/`, `!` or `?`); otherwise the `<` is text.
    private static func startsMarkup(_ byte: UInt8) -> Bool {
        isNameByte(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")
    }

    /// Skips a tag, comment, doctype or processing instruction starting at `start` (a `<`);
    /// returns the index after it, the tag's lower-case name (empty for others) and whether it
    /// closes an element. A `<` that starts no markup is skipped alone.
    private static func skipMarkup(_ html: [UInt8], from start: Int) -> (Int, [UInt8], Bool) {
        var index = start + 1
        if html[index...].starts(with: Array("!--".utf8)) {
            guard let end = find(Array("-->".utf8), in: html, from: index + 3) else { return (html.count, [], false) }
            return (end + 3, [], false)
        }
        let closing = index < html.count && html[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        var name: [UInt8] = []
        while index < html.count, isNameByte(html[index]) {
            name.append(html[index] | 0x20)
            index += 1
        }
        if name.isEmpty && !closing
            && (index >= html.count || html[index] != UInt8(ascii: "!") && html[index] != UInt8(ascii: "?"))
        {
            return (start + 1, [], false)
        }
        var quote: UInt8?
        while index < html.count {
            let byte = html[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
        }
        return (index, name, closing)
    }

    /// The index after the closing tag of the hidden element `name`, or the end of the input.
    private static func skipHidden(_ html: [UInt8], from start: Int, name: [UInt8]) -> Int {
        var index = start
        while let open = find([UInt8(ascii: "<"), UInt8(ascii: "/")], in: html, from: index) {
            let after = open + 2
            let candidate = html[after..<min(html.count, after + name.count)].map { $0 | 0x20 }
            if candidate == name {
                let (next, _, _) = skipMarkup(html, from: open)
                return next
            }
            index = after
        }
        return html.count
    }

    /// Decodes the entity at `start` (a `&`); returns the index after it and its UTF-8 bytes, or
    /// the `&` itself when no known entity starts there.
    private static func entity(_ html: [UInt8], from start: Int) -> (Int, [UInt8]) {
        let end = html[start..<min(html.count, start + 12)].firstIndex(of: UInt8(ascii: ";"))
        guard let end else { return (start + 1, [UInt8(ascii: "&")]) }
        let body = String(decoding: html[(start + 1)..<end], as: UTF8.self)
        let named = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "mdash": "\u{2014}",
            "ndash": "\u{2013}", "hellip": "\u{2026}", "copy": "\u{A9}",
        ]
        if let text = named[body] { return (end + 1, Array(text.utf8)) }
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            if let value, let scalar = Unicode.Scalar(value), value != 0 { return (end + 1, Array(String(scalar).utf8)) }
        }
        return (start + 1, [UInt8(ascii: "&")])
    }

    /// The first index of `needle` in `html` at or after `start`.
    private static func find(_ needle: [UInt8], in html: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start < html.count else { return nil }
        var index = start
        while index + needle.count <= html.count {
            if html[index] == first, html[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
    }
}
