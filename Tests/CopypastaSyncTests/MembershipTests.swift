import CopypastaSync
import Glibc
import TestSupport
import Testing

/// Picking up a sealed key, and removals every member can see.
@Suite struct MembershipTests {
    let fixture = SyncFixture()

    @Test func adoptingAKeyBoxSavesTheKeyAndProvesMembership() throws {
        let (key, approver) = try fixture.setUp()
        let newcomer = try DeviceIdentity.create(fixture.paths("b"))
        try fixture.folder.writeDevice(identity: newcomer, name: "new")
        #expect(try fixture.folder.adoptKeyBox(identity: newcomer, paths: fixture.paths("b")) == nil)
        #expect(fixture.sandbox.mode(fixture.sandbox.root + "/data-b/sync.key") == nil)
        try fixture.folder.writeKeyBox(for: try #require(try fixture.folder.device(newcomer.id)), key: key, by: approver)
        let adopted = try #require(try fixture.folder.adoptKeyBox(identity: newcomer, paths: fixture.paths("b")))
        #expect(adopted.matches(key))
        #expect(try SyncKey.load(fixture.paths("b")).matches(key))
        let described = try #require(try fixture.folder.device(newcomer.id, key: key))
        #expect(described.member && described.name == "new")
    }

    @Test func aRemovalIsSeenByEveryMemberAndUndoneByApproval() throws {
        let (key, remover) = try fixture.setUp()
        let removed = try DeviceIdentity.create(fixture.paths("b"))
        try fixture.folder.writeDevice(identity: removed, name: "lost laptop", key: key)
        let peer = try #require(try fixture.folder.device(removed.id))
        try fixture.folder.writeKeyBox(for: peer, key: key, by: remover)
        #expect(try fixture.folder.removeDevice(removed.id, by: remover, key: key))
        #expect(try fixture.folder.keyBoxes(by: remover).isEmpty)
        #expect(try fixture.folder.removedDevices(key: key) == [removed.id])
        #expect(try fixture.folder.removedDevices(key: SyncKey.generate()).isEmpty)
        #expect(try fixture.folder.files().junk.isEmpty)
        #expect(try fixture.folder.removeDevice("abcdefghijklmnopqrstuvwxyz", by: remover, key: key) == false)
        try fixture.folder.writeKeyBox(for: peer, key: key, by: remover)
        try fixture.folder.readmit(removed.id, by: remover, key: key)
        #expect(try fixture.folder.removedDevices(key: key).isEmpty)
    }

    @Test func aForgedRemovalListIsIgnored() throws {
        let (key, member) = try fixture.setUp()
        let victim = try DeviceIdentity.create(fixture.paths("b"))
        try fixture.folder.writeDevice(identity: victim, name: "victim", key: key)
        #expect(try fixture.folder.removeDevice(victim.id, by: member, key: key))
        let path = fixture.folder.directory(of: member.id) + "/removed.json"
        var text = String(decoding: try #require(fixture.sandbox.read(path)), as: UTF8.self)
        text = text.replacing(victim.id, with: "abcdefghijklmnopqrstuvwxyz")
        fixture.overwrite(path, Array(text.utf8))
        #expect(try fixture.folder.removedDevices(key: key).isEmpty)
    }
}
