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
        var out = header(count: members.count)
        for member in members {
            out += memberHeader(name: member.name, size: member.bytes.count)
            out += member.bytes
        }
        return out
    }

    /// The bytes a pack of `count` members starts with: the magic and the count.
    public static func header(count: Int) -> [UInt8] {
        var out = magic
        append(UInt64(count), bytes: 4, to: &out)
        return out
    }

    /// The bytes before a member's own: its name's length, the name and its size, so a writer
    /// can stream a pack file by file (`PayloadSource`) without holding the archive.
    public static func memberHeader(name: String, size: Int) -> [UInt8] {
        var out: [UInt8] = []
        append(UInt64(name.utf8.count), bytes: 2, to: &out)
        out += name.utf8
        append(UInt64(size), bytes: 8, to: &out)
        return out
    }

    /// The members of `bytes`, whose files hold at most `limit` bytes together: the whole pack
    /// through one `Unpacker`, which the receiver otherwise feeds a slice at a time.
    public static func decode(_ bytes: [UInt8], limit: Int) throws(CoreError) -> [Member] {
        var unpacker = Unpacker(limit: limit)
        var members: [Member] = []
        for piece in try unpacker.feed(bytes[...]) {
            switch piece {
            case let .start(name, _): members.append(Member(name: name, bytes: []))
            case let .bytes(body): members[members.count - 1].bytes += body
            }
        }
        try unpacker.finish()
        return members
    }

    private static func append(_ value: UInt64, bytes count: Int, to out: inout [UInt8]) {
        for shift in stride(from: (count - 1) * 8, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
}
