import CopypastaSync
import Glibc
import TestSupport
import Testing

/// Payload blobs: sealed like segments, kept out of the record listing, removed on purge.
@Suite struct PayloadBlobTests {
    let fixture = SyncFixture()
    let folderName = "0f1e2d3c-4b5a-4697-8877-665544332211"
    let payload = Array("the document's secret word: kingfisher\n".utf8)

    @Test func aBlobOpensToItsPayloadAndHidesIt() throws {
        let (key, identity) = try fixture.setUp()
        try fixture.folder.writeBlob(payload, folder: folderName, device: identity.id, key: key)
        let path = fixture.folder.blobPath(device: identity.id, folder: folderName)
        #expect(path.hasSuffix("/devices/\(identity.id)/b-\(folderName).cps"))
        let bytes = try #require(fixture.sandbox.read(path))
        #expect(Array(bytes[..<4]) == Array("CPB1".utf8))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("kingfisher"))
        #expect(fixture.sandbox.mode(path) == 0o600)
        #expect(try fixture.folder.readBlob(folder: folderName, device: identity.id, key: key, limit: 1024) == payload)
    }

    @Test func aBlobIsNeitherARecordFileNorJunk() throws {
        let (key, identity) = try fixture.setUp()
        try fixture.folder.writeBlob(payload, folder: folderName, device: identity.id, key: key)
        let listing = try fixture.folder.files()
        #expect(listing.files.isEmpty)
        #expect(listing.junk.isEmpty)
        // Compaction removes record files by seq; the blob stays.
        for kind in SyncFile.Kind.allCases { _ = try fixture.folder.remove(device: identity.id, kind: kind, upTo: 9_999_999_999) }
        #expect(access(fixture.folder.blobPath(device: identity.id, folder: folderName), F_OK) == 0)
    }

    @Test func aBlobRenamedToAnotherItemOrTamperedWithIsRefused() throws {
        let (key, identity) = try fixture.setUp()
        try fixture.folder.writeBlob(payload, folder: folderName, device: identity.id, key: key)
        let path = fixture.folder.blobPath(device: identity.id, folder: folderName)
        let other = "aaaaaaaa-4b5a-4697-8877-665544332211"
        let otherPath = fixture.folder.blobPath(device: identity.id, folder: other)
        #expect(rename(path, otherPath) == 0)
        guard
            case .corrupt = syncError({
                _ = try fixture.folder.readBlob(folder: other, device: identity.id, key: key, limit: 1024)
            })
        else {
            Issue.record("a renamed blob opened")
            return
        }
        #expect(rename(otherPath, path) == 0)
        var bytes = try #require(fixture.sandbox.read(path))
        bytes[bytes.count - 3] ^= 0x01
        fixture.overwrite(path, bytes)
        #expect(
            syncError { _ = try fixture.folder.readBlob(folder: folderName, device: identity.id, key: key, limit: 1024) }
                == .decrypt(path: path))
    }

    @Test func aBlobOverTheLimitIsNotReadAndRemovalIsIdempotent() throws {
        let (key, identity) = try fixture.setUp()
        try fixture.folder.writeBlob(payload, folder: folderName, device: identity.id, key: key)
        #expect(syncError { _ = try fixture.folder.readBlob(folder: folderName, device: identity.id, key: key, limit: 4) } != nil)
        try fixture.folder.removeBlob(folder: folderName, device: identity.id)
        #expect(access(fixture.folder.blobPath(device: identity.id, folder: folderName), F_OK) != 0)
        try fixture.folder.removeBlob(folder: folderName, device: identity.id)
    }
}
