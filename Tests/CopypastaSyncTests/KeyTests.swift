import CopypastaCore
import CopypastaSync
import Glibc
import TestSupport
import Testing

/// The history key, the device identity, their files and the join code.
@Suite struct KeyTests {
    let fixture = SyncFixture()

    @Test func keyFilesArePrivateAndLoadBack() throws {
        let previous = umask(0)
        defer { umask(previous) }
        let key = try SyncKey.create(fixture.paths())
        let identity = try DeviceIdentity.create(fixture.paths())
        let data = fixture.sandbox.root + "/data-a"
        #expect(fixture.sandbox.mode(data + "/sync.key") == 0o600)
        #expect(fixture.sandbox.mode(data + "/device.key") == 0o600)
        #expect(fixture.sandbox.mode(data) == 0o700)
        #expect(fixture.names(data) == ["device.key", "sync.key"])
        let loaded = try SyncKey.load(fixture.paths())
        #expect(loaded.matches(key) && loaded.gid(of: "hello") == key.gid(of: "hello"))
        let again = try DeviceIdentity.load(fixture.paths())
        #expect(again.id == identity.id && again.publicKey == identity.publicKey && again.fingerprint == identity.fingerprint)
        #expect(DeviceIdentity.isValidID(identity.id))
        guard case .badKeyFile = syncError({ _ = try SyncKey.create(fixture.paths()) }) else {
            Issue.record("an existing key file was replaced")
            return
        }
        #expect(try SyncKey.load(fixture.paths()).matches(key))
    }

    @Test func missingAndForeignKeyFilesSaySo() throws {
        #expect(syncError { _ = try SyncKey.load(fixture.paths()) } == .noKey(path: fixture.sandbox.root + "/data-a/sync.key"))
        #expect(syncError { _ = try DeviceIdentity.load(fixture.paths()) }?.exitStatus == .badConfig)
        fixture.makeDirectory(fixture.sandbox.root + "/data-a")
        fixture.sandbox.write("data-a/sync.key", "not a key")
        let error = syncError { _ = try SyncKey.load(fixture.paths()) }
        guard case .badKeyFile = error else {
            Issue.record("a foreign sync.key was taken: \(String(describing: error))")
            return
        }
    }

    @Test func theJoinCodeRoundTripsInAnyCase() throws {
        let key = SyncKey.generate()
        let code = key.code
        #expect(code.count == 56 + 7)
        #expect(code.split(separator: "-").map(\.count) == Array(repeating: 7, count: 8))
        #expect(try SyncKey.parse(code: code).matches(key))
        let typed = code.lowercased().replacing("-", with: " ")
        #expect(try SyncKey.parse(code: typed).matches(key))
        #expect(try SyncKey.parse(code: code.replacing("-", with: "")).matches(key))
    }

    @Test func aMistypedCodeIsAUsageErrorNamingTheProblem() throws {
        var characters = Array(SyncKey.generate().code)
        characters[10] = characters[10] == "A" ? "B" : "A"
        let swapped = String(characters)
        guard case let .badCode(reason) = syncError({ _ = try SyncKey.parse(code: swapped) }) else {
            Issue.record("a mistyped code was accepted")
            return
        }
        #expect(reason.contains("checksum"))
        #expect(SyncError.badCode(reason).exitStatus == .usage)
        guard case let .badCode(short) = syncError({ _ = try SyncKey.parse(code: "ABCDEFG") }) else {
            Issue.record("a short code was accepted")
            return
        }
        #expect(short.contains("7"))
        guard case let .badCode(bad) = syncError({ _ = try SyncKey.parse(code: String(characters.dropLast()) + "0") }) else {
            Issue.record("a code with 0 was accepted")
            return
        }
        #expect(bad.contains("'0'"))
    }

    @Test func gidsAreStableHexAndDependOnTheKey() {
        let key = SyncKey.generate()
        let gid = key.gid(of: "some copied text")
        #expect(gid.count == 32 && gid.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(key.gid(of: "some copied text") == gid)
        #expect(key.gid(of: "some copied text ") != gid)
        #expect(SyncKey.generate().gid(of: "some copied text") != gid)
        #expect(key.keyCheck.count == 64 && key.keyCheck != gid)
    }

    @Test func fingerprintsAreFourGroupsOfFive() throws {
        let identity = try DeviceIdentity.create(fixture.paths())
        let print = identity.fingerprint
        #expect(print.split(separator: "-").map(\.count) == [5, 5, 5, 5])
        #expect(print.allSatisfy { $0 == "-" || $0.isUppercase || ("2"..."7").contains($0) })
        #expect(DeviceFingerprint.normalized(print.lowercased().replacing("-", with: " ")) == print)
        let other = try DeviceIdentity.create(fixture.paths("b"))
        #expect(other.fingerprint != print && other.id != identity.id)
    }
}
