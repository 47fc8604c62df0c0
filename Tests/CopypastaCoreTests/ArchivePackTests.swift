import Testing

@testable import CopypastaCore

/// The pack a link archive travels in (docs/DESIGN.md §14.2): what it refuses before anything is
/// joined to a path.
@Suite struct ArchivePackTests {
    typealias Member = ArchivePack.Member

    @Test func aPackDecodesToTheMembersItWasMadeOf() throws {
        let members = [
            Member(name: "page.html", bytes: Array("<p>heron</p>".utf8)), Member(name: "assets/a.png", bytes: [1, 2]),
        ]
        #expect(try ArchivePack.decode(ArchivePack.encode(members), limit: 100) == members)
        #expect(try ArchivePack.decode(ArchivePack.encode([]), limit: 0) == [])
    }

    @Test(arguments: ["../escape", "/etc/passwd", "assets//a.png", "assets/../../x", ".partial-x", "a/./b", "a/b/c/d/e", ""])
    func aNameThatLeavesTheFolderIsRefused(_ name: String) {
        #expect(ArchivePack.nameProblem(name) != nil)
        let bytes = ArchivePack.encode([Member(name: name, bytes: [1])])
        #expect(throws: CoreError.self) { try ArchivePack.decode(bytes, limit: 100) }
    }

    @Test func aDuplicateATotalOverTheLimitACutAndTrailingBytesAreRefused() {
        let one = Member(name: "page.html", bytes: [UInt8](repeating: 7, count: 10))
        let packed = ArchivePack.encode([one])
        for bad in [
            ArchivePack.encode([one, one]), Array(packed.dropLast()), packed + [0], Array("CPK2".utf8) + packed.dropFirst(4),
        ] {
            #expect(throws: CoreError.self) { try ArchivePack.decode(bad, limit: 100) }
        }
        #expect(throws: CoreError.self) { try ArchivePack.decode(packed, limit: 9) }
        // A count of more members than the format allows is refused before anything is read.
        #expect(throws: CoreError.self) { try ArchivePack.decode(Array("CPK1".utf8) + [0xFF, 0xFF, 0xFF, 0xFF], limit: 100) }
    }

    /// The receiver feeds a blob's slices as they come: any cut gives the same members, and a
    /// member over the limit is refused before any of its bytes are handed out.
    @Test func slicesOfAnySizeDecodeAsTheWholePack() throws {
        let members = [
            Member(name: "page.html", bytes: Array("<p>heron</p>".utf8)), Member(name: "empty", bytes: []),
            Member(name: "assets/a.png", bytes: [1, 2, 3, 4, 5]),
        ]
        let packed = ArchivePack.encode(members)
        for size in 1...packed.count {
            var unpacker = ArchivePack.Unpacker(limit: 100)
            var pieces: [ArchivePack.Piece] = []
            for start in stride(from: 0, to: packed.count, by: size) {
                pieces += try unpacker.feed(packed[start..<min(start + size, packed.count)])
            }
            try unpacker.finish()
            #expect(pieces.filter { if case .start = $0 { true } else { false } }.count == 3)
            #expect(pieces.reduce(into: [UInt8]()) { if case let .bytes(body) = $1 { $0 += body } } == members.flatMap(\.bytes))
        }
        var unpacker = ArchivePack.Unpacker(limit: 16)
        let header = ArchivePack.header(count: 2) + ArchivePack.memberHeader(name: "page.html", size: 12)
        #expect(try unpacker.feed(header[...]) == [.start(name: "page.html", size: 12)])
        #expect(throws: CoreError.self) { try unpacker.feed(Array(packed.dropFirst(header.count))[...]) }
        var cut = ArchivePack.Unpacker(limit: 100)
        _ = try cut.feed(packed.dropLast())
        #expect(throws: CoreError.self) { try cut.finish() }
    }
}
