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
}
