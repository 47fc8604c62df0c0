import CopypastaSync
import Glibc
import TestSupport
import Testing

/// Real inotify in a temporary folder: what the daemon's poll loop will be told.
@Suite struct FolderWatcherTests {
    let fixture = SyncFixture()
    let device = "abcdefghijklmnopqrstuvwxyz"

    /// Waits (up to a deadline) for the watcher's descriptor and drains it until `done` holds.
    func waitFor(_ watcher: FolderWatcher, seconds: Double = 10, _ done: (FolderChange) -> Bool) -> Bool {
        let deadline = Clock.now() + seconds
        while Clock.now() < deadline {
            var poller = pollfd(fd: watcher.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(max(1, (deadline - Clock.now()) * 1000))) == 1 else { continue }
            if done(watcher.drain()) { return true }
        }
        return false
    }

    /// Writes `name` the way Syncthing does: a temporary file, then a rename into place.
    func deliver(_ name: String, in directory: String) {
        let temporary = directory + "/.syncthing.\(name).tmp"
        fixture.touch(temporary)
        #expect(rename(temporary, directory + "/" + name) == 0)
    }

    @Test func aFileRenamedIntoPlaceIsReported() throws {
        let directory = fixture.folderPath + "/devices/" + device
        fixture.makeDirectory(directory)
        let watcher = try FolderWatcher(root: fixture.folderPath)
        #expect(watcher.drain() == .files([]))
        deliver("s-0000000001.cps", in: directory)
        #expect(waitFor(watcher) { $0 == .files([directory + "/s-0000000001.cps"]) })
        #expect(watcher.drain() == .files([]))
    }

    @Test func aNewDeviceDirectoryAsksForARescanAndIsWatched() throws {
        fixture.makeDirectory(fixture.folderPath + "/devices")
        let watcher = try FolderWatcher(root: fixture.folderPath)
        let directory = fixture.folderPath + "/devices/" + device
        #expect(mkdir(directory, 0o700) == 0)
        #expect(waitFor(watcher) { $0 == .rescan })
        deliver("device.json", in: directory)
        #expect(waitFor(watcher) { $0 == .files([directory + "/device.json"]) })
    }

    @Test func devicesAppearingAfterStartAreWatched() throws {
        fixture.makeDirectory(fixture.folderPath)
        let watcher = try FolderWatcher(root: fixture.folderPath)
        #expect(mkdir(fixture.folderPath + "/devices", 0o700) == 0)
        #expect(waitFor(watcher) { $0 == .rescan })
        let directory = fixture.folderPath + "/devices/" + device
        #expect(mkdir(directory, 0o700) == 0)
        #expect(waitFor(watcher) { $0 == .rescan })
        deliver("p-0000000002.cps", in: directory)
        #expect(waitFor(watcher) { $0 == .files([directory + "/p-0000000002.cps"]) })
    }

    @Test func theMarkerArrivingAsksForARescan() throws {
        fixture.makeDirectory(fixture.folderPath)
        let watcher = try FolderWatcher(root: fixture.folderPath)
        deliver("copypasta-sync.json", in: fixture.folderPath)
        #expect(waitFor(watcher) { $0 == .rescan })
    }

    @Test func aFolderThatComesBackIsWatchedAgain() throws {
        let directory = fixture.folderPath + "/devices/" + device
        fixture.makeDirectory(directory)
        let watcher = try FolderWatcher(root: fixture.folderPath)
        #expect(Child.runQuietly(["rm", "-rf", fixture.folderPath]) == 0)
        #expect(waitFor(watcher) { $0 == .rescan })
        fixture.makeDirectory(directory)
        watcher.watchAll()
        deliver("s-0000000009.cps", in: directory)
        #expect(waitFor(watcher) { $0 == .files([directory + "/s-0000000009.cps"]) })
    }

    @Test func aFileSystemMountedOverTheFolderIsWatchedAndItsUnmountSeen() throws {
        fixture.makeDirectory(fixture.folderPath)
        let watcher = try FolderWatcher(root: fixture.folderPath)
        guard Child.runQuietly(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", fixture.folderPath]) == 0 else { return }
        var mounted = true
        defer { if mounted { Child.runQuietly(["umount", fixture.folderPath]) } }
        #expect(waitFor(watcher) { $0 == .rescan })
        let directory = fixture.folderPath + "/devices/" + device
        fixture.makeDirectory(directory)
        #expect(waitFor(watcher) { $0 == .rescan })
        deliver("s-0000000001.cps", in: directory)
        #expect(waitFor(watcher) { $0 == .files([directory + "/s-0000000001.cps"]) })
        #expect(Child.runQuietly(["umount", fixture.folderPath]) == 0)
        mounted = false
        #expect(waitFor(watcher) { $0 == .rescan })
    }
}
