import CopypastaCore
import Glibc
import TestSupport
import Testing

@testable import CopypastaSync

/// Payload blobs: sealed a slice at a time (`BlobSealer`, `BlobOpener`), kept out of the record
/// listing, removed on purge; a truncated, reordered, spliced or renamed blob does not open.
@Suite struct PayloadBlobTests {
    let fixture = SyncFixture()
    let folderName = "0f1e2d3c-4b5a-4697-8877-665544332211"
    let payload = Array("the document's secret word: kingfisher\n".utf8)
    static let slice = SyncFolder.blobSlice

    /// Writes `bytes` as the blob of `folder`, a slice at a time as the daemon does.
    func seal(_ bytes: [UInt8], folder: String? = nil, _ key: SyncKey, _ identity: DeviceIdentity) throws {
        let sealer = try fixture.folder.sealBlob(folder: folder ?? folderName, device: identity.id, key: key)
        var offset = 0
        while true {
            let slice = Array(bytes[offset..<min(offset + Self.slice, bytes.count)])
            offset += slice.count
            try sealer.append(slice, last: slice.count < Self.slice)
            if slice.count < Self.slice { break }
        }
        try sealer.commit()
    }

    /// The plaintext of the blob of `folder`, read a slice at a time.
    func unseal(folder: String? = nil, _ key: SyncKey, _ identity: DeviceIdentity, limit: Int = 16 << 20) throws -> [UInt8] {
        let opener = try fixture.folder.openBlob(folder: folder ?? folderName, device: identity.id, key: key, limit: limit)
        var out: [UInt8] = []
        while true {
            let (bytes, last) = try opener.next()
            out += bytes
            if last { return out }
        }
    }

    /// `count` bytes that differ from slice to slice.
    static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 20) }
    }

    @Test func aBlobOpensToItsPayloadAndHidesIt() throws {
        let (key, identity) = try fixture.setUp()
        try seal(payload, key, identity)
        let path = fixture.folder.blobPath(device: identity.id, folder: folderName)
        #expect(path.hasSuffix("/devices/\(identity.id)/b-\(folderName).cps"))
        let bytes = try #require(fixture.sandbox.read(path))
        #expect(Array(bytes[..<4]) == Array("CPB2".utf8))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("kingfisher"))
        #expect(fixture.sandbox.mode(path) == 0o600)
        #expect(try unseal(key, identity) == payload)
    }

    @Test(arguments: [0, 1, 2 << 20, (3 << 20) + 12_345])
    func aBlobOfManySlicesOpensToItsPayload(size: Int) throws {
        let (key, identity) = try fixture.setUp()
        let bytes = Self.pattern(size)
        try seal(bytes, key, identity)
        #expect(try unseal(key, identity) == bytes)
    }

    @Test func aBlobOfThePreviousReleaseStillOpens() throws {
        let (key, identity) = try fixture.setUp()
        let header = Array("CPB1".utf8) + Array(identity.id.utf8) + Array(folderName.utf8)
        let path = fixture.folder.blobPath(device: identity.id, folder: folderName)
        let sealed = SealedFile.seal(payload, header: header, key: key)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        #expect(fd >= 0 && sealed.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == sealed.count)
        close(fd)
        #expect(try unseal(key, identity) == payload)
        #expect(syncError { _ = try unseal(key, identity, limit: 4) } != nil, "read whole, but within the limit")
    }

    @Test func aBlobIsNeitherARecordFileNorJunk() throws {
        let (key, identity) = try fixture.setUp()
        try seal(payload, key, identity)
        let listing = try fixture.folder.files()
        #expect(listing.files.isEmpty)
        #expect(listing.junk.isEmpty)
        // Compaction removes record files by seq; the blob stays.
        for kind in SyncFile.Kind.allCases { _ = try fixture.folder.remove(device: identity.id, kind: kind, upTo: 9_999_999_999) }
        #expect(access(fixture.folder.blobPath(device: identity.id, folder: folderName), F_OK) == 0)
    }

    @Test func aBlobRenamedToAnotherItemOrTamperedWithIsRefused() throws {
        let (key, identity) = try fixture.setUp()
        try seal(payload, key, identity)
        let path = fixture.folder.blobPath(device: identity.id, folder: folderName)
        let other = "aaaaaaaa-4b5a-4697-8877-665544332211"
        let otherPath = fixture.folder.blobPath(device: identity.id, folder: other)
        #expect(rename(path, otherPath) == 0)
        guard case .corrupt = syncError({ _ = try unseal(folder: other, key, identity) }) else {
            Issue.record("a renamed blob opened")
            return
        }
        #expect(rename(otherPath, path) == 0)
        var bytes = try #require(fixture.sandbox.read(path))
        bytes[bytes.count - 3] ^= 0x01
        fixture.overwrite(path, bytes)
        #expect(syncError { _ = try unseal(key, identity) } == .decrypt(path: path))
    }

    /// Truncated at a slice's end or inside one, slices swapped, a slice of another blob of the
    /// same item spliced in, bytes after the last slice: none opens.
    @Test func aTruncatedReorderedOrSplicedBlobIsRefused() throws {
        let (key, identity) = try fixture.setUp()
        let plaintext = Self.pattern((2 << 20) + 100)
        try seal(plaintext, key, identity)
        let path = fixture.folder.blobPath(device: identity.id, folder: folderName)
        let whole = try #require(fixture.sandbox.read(path))
        let start = 4 + 26 + 36 + 24, sealed = Self.slice + 17
        let slices = [0, 1, 2].map { Array(whole[(start + $0 * sealed)..<min(start + ($0 + 1) * sealed, whole.count)]) }
        try seal(Self.pattern((2 << 20) + 100), key, identity)
        let again = try #require(fixture.sandbox.read(path))
        let head = Array(whole[..<start])
        let damaged: [(String, [UInt8])] = [
            ("truncated after a slice", head + slices[0] + slices[1]),
            ("truncated inside a slice", Array(whole.dropLast(50))),
            ("slices swapped", head + slices[1] + slices[0] + slices[2]),
            ("a slice of another blob", head + slices[0] + Array(again[(start + sealed)..<(start + 2 * sealed)]) + slices[2]),
            ("bytes after the last slice", whole + [0]),
            ("no slices", head),
        ]
        for (what, bytes) in damaged {
            fixture.overwrite(path, bytes)
            #expect(syncError { _ = try unseal(key, identity) } != nil, "\(what)")
        }
    }

    @Test func anAbandonedWriteLeavesNeitherTheBlobNorItsTemporaryFile() throws {
        let (key, identity) = try fixture.setUp()
        let sealer = try fixture.folder.sealBlob(folder: folderName, device: identity.id, key: key)
        try withExtendedLifetime(sealer) {
            try sealer.append(Self.pattern(Self.slice), last: false)
            let names = try #require(try FileIO.list(fixture.folder.directory(of: identity.id)))
            #expect(
                names.contains { $0.hasPrefix(SyncFolder.temporaryPrefix) } && !names.contains(SyncFolder.blobName(folderName)))
        }
        sealer.abandon()
        #expect(
            try FileIO.list(fixture.folder.directory(of: identity.id))?.contains { $0.hasPrefix("b-") || $0.hasPrefix(".cp-") }
                == false)
    }

    @Test func aBlobOverTheLimitIsNotReadAndRemovalIsIdempotent() throws {
        let (key, identity) = try fixture.setUp()
        try seal(Self.pattern(3 << 20), key, identity)
        #expect(syncError { _ = try unseal(key, identity, limit: 1 << 20) } != nil)
        try fixture.folder.removeBlob(folder: folderName, device: identity.id)
        #expect(access(fixture.folder.blobPath(device: identity.id, folder: folderName), F_OK) != 0)
        try fixture.folder.removeBlob(folder: folderName, device: identity.id)
    }
}
