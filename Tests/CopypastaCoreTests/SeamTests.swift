import Testing

@testable import CopypastaCore

/// The pieces every module shares: where the data lives and the one libsodium wrapper.
struct SeamTests {
    @Test(arguments: [
        ("/home/u/.local/share/copypasta/history.sqlite3", "/home/u/.local/share/copypasta"),
        ("/history.sqlite3", "/"),
        ("history.sqlite3", "."),
    ])
    func theDataDirectoryHoldsTheDatabase(database: String, directory: String) {
        let paths = Paths(
            database: database, databaseOrigin: "--db", configFile: "", configOrigin: "", hooksDirectory: "",
            runtimeDirectory: "")
        #expect(paths.dataDirectory == directory)
    }

    @Test func lockedBytesTakeTheSecretAndWipeTheSource() {
        var secret: [UInt8] = [1, 2, 3, 4]
        let locked = LockedBytes(taking: &secret)
        #expect(secret == [0, 0, 0, 0])
        #expect(locked.withBytes { Array($0) } == [1, 2, 3, 4])
        var same: [UInt8] = [1, 2, 3, 4]
        #expect(locked.matches(LockedBytes(taking: &same)))
    }

    @Test func lockedBytesFilledInPlaceOrNotAtAll() {
        let filled = LockedBytes(count: 3) { buffer in
            buffer.copyBytes(from: [7, 8, 9])
            return true
        }
        #expect(filled?.withBytes { Array($0) } == [7, 8, 9])
        #expect(LockedBytes(count: 3) { _ in false } == nil)
    }

    @Test func oneSHA256ForFingerprintsAndFiles() {
        let abc = Array("abc".utf8)
        #expect(Sodium.hex(Sodium.sha256(abc)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(abc.withUnsafeBytes { Fingerprint(ofBytes: $0) }.description == Sodium.hex(Sodium.sha256(abc)))
        #expect(Sodium.unhex(Sodium.hex([0, 255, 16])) == [0, 255, 16])
    }
}
