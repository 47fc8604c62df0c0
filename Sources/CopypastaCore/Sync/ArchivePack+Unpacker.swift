extension ArchivePack {
    /// What an `Unpacker` found in the bytes it was fed.
    public enum Piece: Equatable, Sendable {
        /// A member starts: its checked name and its size.
        case start(name: String, size: Int)
        /// Bytes of the member last started (a member's bytes may come in several pieces).
        case bytes(ArraySlice<UInt8>)
    }

    /// Decodes a pack fed in slices of any size (the slices of a sync blob, docs/DESIGN.md §14.2),
    /// holding at most one member's header (under 300 bytes) besides the slice it is given.
    ///
    /// It refuses what `decode` refuses, as soon as it is seen: another magic, too many members,
    /// a name that leaves the folder or names a hidden file, a duplicate, a total over `limit`
    /// (checked before any of the member's bytes are handed out), bytes after the last member;
    /// `finish` refuses a pack cut short. A caller writes the pieces as they come and throws its
    /// work away on any error, so nothing of a bad pack is kept.
    public struct Unpacker {
        private enum Phase: Equatable {
            case header, nameLength
            case name(Int)
            case size
            case body(Int)
            case done
        }

        /// The files' total allowed, in bytes.
        public let limit: Int
        private var phase = Phase.header
        private var buffer: [UInt8] = []
        private var membersLeft = 0
        private var name = ""
        private var names = Set<String>()
        private var total = 0

        /// An unpacker whose members hold at most `limit` bytes together.
        public init(limit: Int) {
            self.limit = limit
        }

        /// The pieces in `input`, the next bytes of the pack.
        public mutating func feed(_ input: ArraySlice<UInt8>) throws(CoreError) -> [Piece] {
            var input = input
            var pieces: [Piece] = []
            while !input.isEmpty {
                switch phase {
                case .done:
                    throw .data("an archive pack has bytes after its last file")
                case let .body(left):
                    let count = min(left, input.count)
                    pieces.append(.bytes(input.prefix(count)))
                    input = input.dropFirst(count)
                    phase = left == count ? nextMember() : .body(left - count)
                default:
                    let count = min(width - buffer.count, input.count)
                    buffer += input.prefix(count)
                    input = input.dropFirst(count)
                    if buffer.count == width { try advance(&pieces) }
                }
            }
            return pieces
        }

        /// Refuses a pack that stopped before its last member's last byte.
        public func finish() throws(CoreError) {
            guard phase == .done else { throw .data("an archive pack is cut short") }
        }

        /// The bytes the current header field takes.
        private var width: Int {
            switch phase {
            case .header: 8
            case .nameLength: 2
            case let .name(length): length
            case .size: 8
            case .body, .done: 0
            }
        }

        /// Takes the header field now complete in `buffer`.
        private mutating func advance(_ pieces: inout [Piece]) throws(CoreError) {
            let field = buffer
            buffer = []
            switch phase {
            case .header:
                guard Array(field.prefix(4)) == magic, let count = Self.number(field.dropFirst(4)), count <= maxMembers else {
                    throw .data("an archive pack has no CPK1 header or too many files")
                }
                membersLeft = count
                phase = nextMember()
            case .nameLength:
                guard let length = Self.number(field[...]), length > 0, length <= maxNameBytes else {
                    throw .data("a member's name is empty, too long or too deep")
                }
                phase = .name(length)
            case .name:
                guard let text = String(validating: field, as: UTF8.self) else {
                    throw .data("an archive pack's member name is cut short or not UTF-8")
                }
                if let problem = nameProblem(text) { throw .data(problem) }
                guard names.insert(text).inserted else { throw .data("an archive pack names \(text) twice") }
                name = text
                phase = .size
            case .size:
                guard let size = Self.number(field[...]), size <= limit - total else {
                    throw .data("an archive pack is cut short or larger than its limit")
                }
                total += size
                pieces.append(.start(name: name, size: size))
                phase = size > 0 ? .body(size) : nextMember()
            case .body, .done:
                return
            }
        }

        /// The phase after a member (or the header): another member's name, or the end.
        private mutating func nextMember() -> Phase {
            guard membersLeft > 0 else { return .done }
            membersLeft -= 1
            return .nameLength
        }

        /// A big-endian number, nil when above Int32.max.
        private static func number(_ raw: ArraySlice<UInt8>) -> Int? {
            let value = raw.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return value <= UInt64(Int32.max) ? Int(value) : nil
        }
    }
}
