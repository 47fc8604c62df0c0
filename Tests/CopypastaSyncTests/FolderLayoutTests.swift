import CopypastaSync
import Glibc
import TestSupport
import Testing

/// The marker, device descriptions, key boxes and the allow-list of the folder.
@Suite struct FolderLayoutTests {
    let fixture = SyncFixture()

    @Test func theMarkerIsWrittenOnceAndTellsAWrongKey() throws {
        let (key, _) = try fixture.setUp()
        let marker = fixture.folderPath + "/copypasta-sync.json"
        let before = fixture.sandbox.read(marker)
        #expect(String(decoding: before ?? [], as: UTF8.self) == #"{"format":1,"keyCheck":"\#(key.keyCheck)"}"# + "\n")
        let other = SyncKey.generate()
        #expect(try fixture.folder.createMarker(key: other) == false)
        #expect(fixture.sandbox.read(marker) == before)
        try fixture.folder.checkMarker(key: key)
        let wrong = syncError { try fixture.folder.checkMarker(key: other) }
        #expect(wrong == .wrongKey(folder: fixture.folderPath))
        #expect(wrong?.exitStatus == .noPermission)
        #expect(!fixture.names(fixture.folderPath).contains { $0.hasPrefix(".cp-tmp") })
    }

    @Test func aMarkerOfAnotherFormatIsRefused() throws {
        let (key, _) = try fixture.setUp()
        fixture.overwrite(fixture.folderPath + "/copypasta-sync.json", Array(#"{"format":2,"keyCheck":"\#(key.keyCheck)"}"#.utf8))
        #expect(
            syncError { try fixture.folder.checkMarker(key: key) } == .unsupportedFormat(folder: fixture.folderPath, found: "2"))
        fixture.overwrite(fixture.folderPath + "/copypasta-sync.json", Array("garbage".utf8))
        #expect(syncError { try fixture.folder.checkMarker(key: key) }?.exitStatus == .badConfig)
    }

    @Test func aMissingFolderIsMadeOnlyWhenItsParentExists() throws {
        let key = SyncKey.generate()
        #expect(syncError { try fixture.folder.createMarker(key: key) } == .unmounted(folder: fixture.folderPath))
        fixture.makeDirectory(fixture.sandbox.root + "/synced")
        #expect(try fixture.folder.createMarker(key: key))
        try fixture.folder.checkMarker(key: key)
    }

    @Test func devicesAreReadBackAndMalformedOnesAreJunk() throws {
        let (key, identity) = try fixture.setUp()
        let other = try DeviceIdentity.create(fixture.paths("b"))
        try fixture.folder.writeDevice(identity: other, name: "desk\u{1B}[31mtop\n", key: key)
        let stray = "abcdefghijklmnopqrstuvwxyz"
        fixture.makeDirectory(fixture.folder.directory(of: stray))
        fixture.sandbox.write("synced/copypasta/devices/\(stray)/device.json", #"{"format":1,"device":"zzz","publicKey":"00"}"#)
        fixture.makeDirectory(fixture.folderPath + "/devices/Not-A-Device")
        let (devices, junk) = try fixture.folder.devices(key: key)
        #expect(Set(devices.map(\.id)) == [identity.id, other.id])
        let mine = try #require(devices.first { $0.id == identity.id })
        #expect(mine.name == "laptop" && mine.publicKey == identity.publicKey && !mine.member)
        let theirs = try #require(devices.first { $0.id == other.id })
        #expect(theirs.name == "desk[31mtop" && theirs.member && theirs.fingerprint == other.fingerprint)
        #expect(try fixture.folder.devices(key: SyncKey.generate()).devices.allSatisfy { !$0.member })
        #expect(Set(junk) == ["devices/Not-A-Device", "devices/\(stray)/device.json"])
    }

    @Test func aFifoNamedLikeAFolderFileIsRefusedWithoutBlocking() throws {
        let (key, identity) = try fixture.setUp()
        let stranger = "cccccccccccccccccccccccccc"
        fixture.makeDirectory(fixture.folder.directory(of: stranger))
        #expect(mkfifo(fixture.folder.directory(of: stranger) + "/device.json", 0o600) == 0)
        let segment = fixture.folder.directory(of: identity.id) + "/s-0000000007.cps"
        fixture.makeDirectory(fixture.folder.directory(of: identity.id))
        #expect(mkfifo(segment, 0o600) == 0)
        // Opening either without O_NONBLOCK would wait for a writer forever.
        #expect(try fixture.folder.devices(key: key).junk.contains("devices/\(stranger)/device.json"))
        let linked = "dddddddddddddddddddddddddd"
        fixture.makeDirectory(fixture.folder.directory(of: linked))
        #expect(symlink("/etc/hostname", fixture.folder.directory(of: linked) + "/device.json") == 0)
        #expect(try fixture.folder.devices(key: key).junk.contains("devices/\(linked)/device.json"), "a symlink is junk too")
        let file = try #require(try fixture.folder.files().files.first { $0.path == segment })
        #expect(
            syncError { _ = try fixture.folder.read(file, key: key) } == .corrupt(path: segment, reason: "not a regular file"))
    }

    @Test func theListingTakesOnlyAllowListedNamesAndReportsTheRest() throws {
        let (key, identity) = try fixture.setUp()
        try fixture.folder.write(kind: .segment, device: identity.id, seq: 3, plaintext: [1], key: key)
        let directory = fixture.folder.directory(of: identity.id)
        let junkNames = [
            ".syncthing.s-0000000004.cps.tmp", "s-0000000001.sync-conflict-20261122-101010-ABCDEFG.cps", "s-1.cps",
            "s-00000000001.cps", "x-0000000001.cps", "s-000000000a.cps", "notes.txt~",
        ]
        for name in junkNames { fixture.touch(directory + "/" + name) }
        // A member's write in progress is neither a file nor junk.
        fixture.touch(directory + "/.cp-tmp-0000000005-abcdefgh")
        fixture.touch(directory + "/k-abcdefghijklmnopqrstuvwxyz.box")
        fixture.touch(fixture.folderPath + "/devices/stray-file")
        let (files, junk) = try fixture.folder.files()
        #expect(files.map(\.path) == [directory + "/s-0000000003.cps"])
        #expect(Set(junk) == Set(junkNames.map { "devices/\(identity.id)/\($0)" } + ["devices/stray-file"]))
        #expect(try fixture.folder.removeTemporaries(device: identity.id) == 1)
    }

    @Test func aDeviceDirectoryThatIsASymbolicLinkIsJunkAndNotFollowed() throws {
        let (key, identity) = try fixture.setUp()
        let linked = "eeeeeeeeeeeeeeeeeeeeeeeeee"
        #expect(symlink("/", fixture.folder.directory(of: linked)) == 0)
        let (files, junk) = try fixture.folder.files()
        #expect(files.isEmpty)
        #expect(junk == ["devices/\(linked)"], "the names in / were listed")
        let devices = try fixture.folder.devices(key: key)
        #expect(devices.devices.map(\.id) == [identity.id])
        #expect(devices.junk == ["devices/\(linked)"])
    }

    @Test func anApprovedDeviceOpensItsKeyBox() throws {
        let (key, approver) = try fixture.setUp()
        let newcomer = try DeviceIdentity.create(fixture.paths("b"))
        try fixture.folder.writeDevice(identity: newcomer, name: "new")
        #expect(try fixture.folder.openKeyBox(identity: newcomer) == nil)
        let device = try #require(try fixture.folder.device(newcomer.id))
        try fixture.folder.writeKeyBox(for: device, key: key, by: approver)
        #expect(try fixture.folder.keyBoxes(by: approver) == [newcomer.id])
        #expect(try fixture.folder.approvedDevices() == [newcomer.id])
        let opened = try #require(try fixture.folder.openKeyBox(identity: newcomer))
        #expect(opened.matches(key))
        #expect(try fixture.folder.openKeyBox(identity: approver) == nil)
        #expect(try fixture.folder.removeKeyBox(for: newcomer.id, by: approver))
        #expect(try fixture.folder.openKeyBox(identity: newcomer) == nil)
    }

    @Test func aKeyBoxWithAnotherKeyIsPassedOver() throws {
        let (_, approver) = try fixture.setUp()
        let newcomer = try DeviceIdentity.create(fixture.paths("b"))
        let device = SyncDevice(id: newcomer.id, name: "new", publicKey: newcomer.publicKey)
        let forged = SyncKey.generate()
        let marker = fixture.folderPath + "/copypasta-sync.json"
        let saved = try #require(fixture.sandbox.read(marker))
        fixture.overwrite(marker, Array(#"{"format":1,"keyCheck":"\#(forged.keyCheck)"}"#.utf8))
        try fixture.folder.writeKeyBox(for: device, key: forged, by: approver)
        fixture.overwrite(marker, saved)
        #expect(try fixture.folder.openKeyBox(identity: newcomer) == nil)
    }
}
