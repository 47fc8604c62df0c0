import CopypastaSync
import Glibc
import TestSupport
import Testing

/// A write that cannot happen says why (unmounted, read-only, full) and leaves no temporary file.
@Suite(.serialized) struct WriteFailureTests {
    let fixture = SyncFixture()
    let plaintext = Array(repeating: UInt8(ascii: "x"), count: 1000)

    /// Mounts a tmpfs of `size` at the sync folder's parent; false where `mount` is not allowed.
    func mountDisk(size: String) -> Bool {
        fixture.makeDirectory(fixture.sandbox.root + "/synced")
        return Child.runQuietly([
            "mount", "-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", fixture.sandbox.root + "/synced",
        ]) == 0
    }

    func unmountDisk() {
        Child.runQuietly(["umount", fixture.sandbox.root + "/synced"])
    }

    @Test func aFolderWithoutItsMarkerIsNeverWrittenInto() throws {
        let (key, identity) = try fixture.setUp()
        #expect(unlink(fixture.folderPath + "/copypasta-sync.json") == 0)
        let error = syncError {
            try fixture.folder.write(kind: .segment, device: identity.id, seq: 1, plaintext: plaintext, key: key)
        }
        #expect(error == .unmounted(folder: fixture.folderPath))
        #expect(error?.exitStatus == .ioError)
        #expect(fixture.names(fixture.folder.directory(of: identity.id)) == ["device.json"])
    }

    @Test func aFolderReplacedByAFileIsUnmounted() throws {
        let (key, identity) = try fixture.setUp()
        #expect(Child.runQuietly(["rm", "-rf", fixture.folderPath]) == 0)
        fixture.touch(fixture.folderPath)
        let error = syncError {
            try fixture.folder.write(kind: .segment, device: identity.id, seq: 1, plaintext: plaintext, key: key)
        }
        #expect(error == .unmounted(folder: fixture.folderPath))
        #expect(syncError { try fixture.folder.checkMarker(key: key) } == .unmounted(folder: fixture.folderPath))
    }

    @Test func aReadOnlyFolderFailsAsReadOnlyAndLeavesNoTemporaryFile() throws {
        let asRoot = geteuid() == 0
        if asRoot {
            guard mountDisk(size: "1m") else { return }
        }
        defer { if asRoot { unmountDisk() } }
        let (key, identity) = try fixture.setUp()
        let directory = fixture.folder.directory(of: identity.id)
        if asRoot {
            #expect(Child.runQuietly(["mount", "-o", "remount,ro", fixture.sandbox.root + "/synced"]) == 0)
        } else {
            #expect(chmod(directory, 0o500) == 0)
        }
        let error = syncError {
            try fixture.folder.write(kind: .segment, device: identity.id, seq: 1, plaintext: plaintext, key: key)
        }
        guard case .readOnly = error else {
            Issue.record("expected readOnly, got \(String(describing: error))")
            return
        }
        #expect(error?.exitStatus == .ioError)
        #expect(fixture.names(directory) == ["device.json"])
    }

    @Test func aFullDiskFailsAsFullAndLeavesNoTemporaryFile() throws {
        guard mountDisk(size: "256k") else { return }
        defer { unmountDisk() }
        let (key, identity) = try fixture.setUp()
        let directory = fixture.folder.directory(of: identity.id)
        let big = [UInt8](repeating: 7, count: 1 << 20)
        let error = syncError { try fixture.folder.write(kind: .segment, device: identity.id, seq: 1, plaintext: big, key: key) }
        #expect(error == .full(path: directory + "/s-0000000001.cps"))
        #expect(fixture.names(directory) == ["device.json"])
        try fixture.folder.write(kind: .segment, device: identity.id, seq: 1, plaintext: plaintext, key: key)
        #expect(fixture.names(directory) == ["device.json", "s-0000000001.cps"])
    }
}
