/// A link archive's folder as one byte string: the plaintext of its sync blob (docs/DESIGN.md
/// §14.2, "Link archives in sync").
///
/// `CPK1`, the member count (4 bytes, big-endian), then per member the name's length (2 bytes),
/// the name (UTF-8, relative to the archive's folder), the size (8 bytes) and the bytes. Decoding
/// refuses anything it would not write: a name that leaves the folder (`..`, absolute, empty
/// components), a hidden component (the `.partial-` names of unfinished writes), a duplicate,
/// too many members, too deep a path, a total over the caller's limit, or trailing bytes.
public enum ArchivePack {
    /// The magic a pack starts with.
    static let magic = Array("CPK1".utf8)
    /// At most this many files: an archive holds at most 400 assets beside its pages.
    public static let maxMembers = 1024
    /// At most this many bytes in a member's name.
    public static let maxNameBytes = 255
    /// At most this many components in a member's name (`assets/<digest>.<ext>` has two).
    public static let maxDepth = 4

    /// One file of the archive.
    public struct Member: Sendable, Equatable {
        /// Its path inside the archive's folder (`page.html`, `assets/3f2a.png`).
        public var name: String
        /// Its bytes.
        public var bytes: [UInt8]

        /// A member.
        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// Why `name` cannot be a member's name, or nil when it can.
    public static func nameProblem(_ name: String) -> String? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if name.utf8.isEmpty || name.utf8.count > maxNameBytes || parts.count > maxDepth {
            return "a member's name is empty, too long or too deep"
        }
        for part in parts where part.isEmpty || part.hasPrefix(".") || part.utf8.contains(0) {
            return "a member's name leaves its folder or names a hidden file"
        }
        return nil
    }

    /// The pack of `members` (their names already checked by `nameProblem`).
    public static func encode(_ members: [Member]) -> [UInt8] {
        var out = magic
        append(UInt64(members.count), bytes: 4, to: &out)
        for member in members {
            append(UInt64(member.name.utf8.count), bytes: 2, to: &out)
            out += member.name.utf8
            append(UInt64(member.bytes.count), bytes: 8, to: &out)
            out += member.bytes
        }
        return out
    }

    /// The members of `bytes`, whose files hold at most `limit` bytes together.
    public static func decode(_ bytes: [UInt8], limit: Int) throws(CoreError) -> [Member] {
        var reader = Reader(bytes: bytes)
        guard reader.take(4).map(Array.init) == magic, let count = reader.number(4), count <= maxMembers else {
            throw .data("an archive pack has no CPK1 header or too many files")
        }
        var members: [Member] = []
        var names = Set<String>()
        var total = 0
        for _ in 0..<count {
            guard let length = reader.number(2), let raw = reader.take(length),
                let name = String(validating: raw, as: UTF8.self)
            else { throw .data("an archive pack's member name is cut short or not UTF-8") }
            if let problem = nameProblem(name) { throw .data(problem) }
            guard names.insert(name).inserted else { throw .data("an archive pack names \(name) twice") }
            guard let size = reader.number(8), size <= limit - total, let body = reader.take(size) else {
                throw .data("an archive pack is cut short or larger than its limit")
            }
            total += size
            members.append(Member(name: name, bytes: Array(body)))
        }
        guard reader.offset == bytes.count else { throw .data("an archive pack has bytes after its last file") }
        return members
    }

    private static func append(_ value: UInt64, bytes count: Int, to out: inout [UInt8]) {
        for shift in stride(from: (count - 1) * 8, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// A cursor over the pack's bytes that never reads past their end.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        /// A big-endian number of `count` bytes, nil when cut short or above Int32.max.
        mutating func number(_ count: Int) -> Int? {
            guard let raw = take(count) else { return nil }
            let value = raw.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return value <= UInt64(Int32.max) ? Int(value) : nil
        }
    }
}
