import CopypastaSync
import Glibc
import TestSupport
import Testing

/// Segments and packs: what goes in comes out, and every kind of damage is refused with its own error.
@Suite struct SealedFileTests {
    let fixture = SyncFixture()
    let plaintext = Array(#"{"t":"entry","gid":"x","text":"the secret word hummingbird"}"#.utf8) + [10]

    func written(_ kind: SyncFile.Kind = .segment, seq: Int64 = 1) throws -> (SyncKey, DeviceIdentity, SyncFile) {
        let (key, identity) = try fixture.setUp()
        try fixture.folder.write(kind: kind, device: identity.id, seq: seq, plaintext: plaintext, key: key)
        let files = try fixture.folder.files().files
        try #require(files.count == 1)
        return (key, identity, files[0])
    }

    @Test func aSegmentOpensToItsPlaintextAndHidesIt() throws {
        let (key, identity, file) = try written()
        #expect(file.device == identity.id && file.kind == .segment && file.seq == 1)
        #expect(file.path.hasSuffix("/devices/\(identity.id)/s-0000000001.cps"))
        let (opened, sha) = try fixture.folder.read(file, key: key)
        #expect(opened == plaintext)
        #expect(sha.count == 32)
        let bytes = try #require(fixture.sandbox.read(file.path))
        #expect(bytes.count == 40 + 24 + plaintext.count + 16)
        #expect(Array(bytes[..<4]) == Array("CPS1".utf8))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("hummingbird"))
        #expect(fixture.sandbox.mode(file.path) == 0o600)
    }

    @Test func aPackHasItsOwnMagicAndName() throws {
        let (key, _, file) = try written(.pack, seq: 9_999_999_999)
        #expect(file.kind == .pack && file.path.hasSuffix("/p-9999999999.cps"))
        #expect(Array((fixture.sandbox.read(file.path) ?? [])[..<4]) == Array("CPP1".utf8))
        #expect(try fixture.folder.read(file, key: key).plaintext == plaintext)
    }

    @Test func aFlippedBitFailsAuthentication() throws {
        let (key, _, file) = try written()
        for index in [45, 70, 100] {
            var bytes = try #require(fixture.sandbox.read(file.path))
            bytes[index] ^= 0x10
            fixture.overwrite(file.path, bytes)
            #expect(syncError { _ = try fixture.folder.read(file, key: key) } == .decrypt(path: file.path), "byte \(index)")
            bytes[index] ^= 0x10
            fixture.overwrite(file.path, bytes)
        }
        #expect(try fixture.folder.read(file, key: key).plaintext == plaintext)
    }

    @Test func aTruncatedFileIsCorruptOrUnauthenticated() throws {
        let (key, _, file) = try written()
        let bytes = try #require(fixture.sandbox.read(file.path))
        fixture.overwrite(file.path, Array(bytes.dropLast()))
        #expect(syncError { _ = try fixture.folder.read(file, key: key) } == .decrypt(path: file.path))
        fixture.overwrite(file.path, Array(bytes.prefix(70)))
        guard case .corrupt = syncError({ _ = try fixture.folder.read(file, key: key) }) else {
            Issue.record("a 70-byte file is not reported as corrupt")
            return
        }
        fixture.overwrite(file.path, [])
        guard case .corrupt = syncError({ _ = try fixture.folder.read(file, key: key) }) else {
            Issue.record("an empty file is not reported as corrupt")
            return
        }
    }

    @Test func aRenamedFileDoesNotMatchItsHeader() throws {
        let (key, identity, file) = try written()
        let directory = fixture.folder.directory(of: identity.id)
        #expect(rename(file.path, directory + "/s-0000000002.cps") == 0)
        let renamed = try #require(try fixture.folder.files().files.first)
        #expect(renamed.seq == 2)
        guard case let .corrupt(_, reason) = syncError({ _ = try fixture.folder.read(renamed, key: key) }) else {
            Issue.record("a renamed file was not refused")
            return
        }
        #expect(reason.contains("does not match its name"))
        #expect(rename(renamed.path, directory + "/p-0000000001.cps") == 0)
        let asPack = try #require(try fixture.folder.files().files.first)
        guard case .corrupt = syncError({ _ = try fixture.folder.read(asPack, key: key) }) else {
            Issue.record("a segment renamed to a pack was not refused")
            return
        }
        let other = "abcdefghijklmnopqrstuvwxyz"
        fixture.makeDirectory(fixture.folder.directory(of: other))
        #expect(rename(asPack.path, fixture.folder.directory(of: other) + "/s-0000000001.cps") == 0)
        let moved = try #require(try fixture.folder.files().files.first)
        #expect(moved.device == other)
        guard case .corrupt = syncError({ _ = try fixture.folder.read(moved, key: key) }) else {
            Issue.record("a file moved to another device was not refused")
            return
        }
    }

    @Test func anotherKeyCannotOpenIt() throws {
        let (_, _, file) = try written()
        #expect(syncError { _ = try fixture.folder.read(file, key: SyncKey.generate()) } == .decrypt(path: file.path))
    }

    @Test func aFileOverSixtyFourMebibytesIsRefusedUnread() throws {
        let (key, _, file) = try written()
        #expect(truncate(file.path, 65 << 20) == 0)
        #expect(
            syncError { _ = try fixture.folder.read(file, key: key) } == .corrupt(path: file.path, reason: "larger than 64 MiB"))
    }

    @Test func aSeqIsNeverWrittenTwiceNorBeyondTenDigits() throws {
        let (key, identity, _) = try written(seq: 7)
        try fixture.folder.write(kind: .pack, device: identity.id, seq: 12, plaintext: [], key: key)
        guard
            case .io = syncError({
                try fixture.folder.write(kind: .segment, device: identity.id, seq: SyncFile.maxSeq + 1, plaintext: [], key: key)
            })
        else {
            Issue.record("a seq of 11 digits was not refused")
            return
        }
        guard
            case .io = syncError({
                try fixture.folder.write(kind: .segment, device: identity.id, seq: 7, plaintext: [], key: key)
            })
        else {
            Issue.record("a second write of seq 7 was not refused")
            return
        }
        let pack = try #require(try fixture.folder.files().files.last)
        #expect(try fixture.folder.read(pack, key: key).plaintext == [])
    }

    @Test func compactionRemovesOnlyTheCoveredFilesOfOneKind() throws {
        let (key, identity) = try fixture.setUp()
        for seq in Int64(1)...5 {
            try fixture.folder.write(kind: .segment, device: identity.id, seq: seq, plaintext: plaintext, key: key)
        }
        try fixture.folder.write(kind: .pack, device: identity.id, seq: 3, plaintext: plaintext, key: key)
        #expect(try fixture.folder.remove(device: identity.id, kind: .segment, upTo: 3) == 3)
        let left = try fixture.folder.files().files.map { "\($0.kind.rawValue)-\($0.seq)" }
        #expect(left == ["pack-3", "segment-4", "segment-5"])
    }
}
