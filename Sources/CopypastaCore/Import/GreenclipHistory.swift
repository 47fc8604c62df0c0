/// greenclip's history file (erebe/greenclip; `~/.cache/greenclip.history` by default).
///
/// It is Haskell's Data.Binary encoding of a list of selections, newest first: a big-endian
/// 64-bit count, then per selection the application name and the content. A text (the app
/// name, a UTF8 content) is a big-endian 64-bit byte length and UTF-8 bytes; the content
/// starts with a one-byte constructor: 0 UTF8 text, 1 PNG, 2 JPEG, 3 BITMAP (images: the
/// name of a file in greenclip's image cache, as length and bytes). The file is read rather
/// than `greenclip print`, which turns new lines into no-break spaces and so changes texts.
public enum GreenclipHistory {
    /// One selection: the application greenclip names, and the content.
    public struct Item: Sendable, Equatable {
        /// The window greenclip read the selection from.
        public var app: String
        /// The content.
        public var clip: ForeignClip
    }

    /// The selections of `bytes`, newest first; throws a data error naming the offset where the
    /// file stops making sense (truncated, an unknown constructor, bytes after the last item).
    public static func items(_ bytes: [UInt8], maxBytes: Int) throws(CoreError) -> [Item] {
        var reader = Reader(bytes: bytes)
        let count = try reader.length()
        guard count <= bytes.count / 17 else { throw reader.problem("a count of \(count) selections") }
        var items: [Item] = []
        items.reserveCapacity(count)
        for _ in 0..<count {
            guard case let .text(app) = try reader.string() else { throw reader.problem("an application name that is not UTF-8") }
            let constructor = try reader.byte()
            guard constructor <= 3 else { throw reader.problem("an unknown content type \(constructor)") }
            let length = try reader.length()
            let content = try reader.take(length)
            let clip: ForeignClip = constructor != 0 ? .notText : length > maxBytes ? .tooLong(bytes: length) : .decoding(content)
            items.append(Item(app: app, clip: clip))
        }
        guard reader.offset == bytes.count else {
            throw reader.problem("\(bytes.count - reader.offset) bytes after the last selection")
        }
        return items
    }

    /// Reads the encoding front to back, each read checked against the end.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        func problem(_ what: String) -> CoreError {
            .data("the greenclip history is not one greenclip writes: \(what) at byte \(offset)")
        }

        mutating func byte() throws(CoreError) -> UInt8 {
            guard offset < bytes.count else { throw problem("the end of the file") }
            offset += 1
            return bytes[offset - 1]
        }

        mutating func length() throws(CoreError) -> Int {
            guard bytes.count - offset >= 8 else { throw problem("the end of the file") }
            let value = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
            guard value <= UInt64(bytes.count) else { throw problem("a length of \(value) bytes") }
            offset += 8
            return Int(value)
        }

        mutating func take(_ count: Int) throws(CoreError) -> ArraySlice<UInt8> {
            guard bytes.count - offset >= count else { throw problem("the end of the file") }
            offset += count
            return bytes[offset - count..<offset]
        }

        mutating func string() throws(CoreError) -> ForeignClip {
            let length = try length()
            let slice = try take(length)
            return length == 0 ? .text("") : .decoding(slice)
        }
    }
}
