import CopypastaCore
import CopypastaSync
import Glibc
import TestSupport
import Testing

/// A sandbox with a data directory and a sync folder, and helpers to poke at files.
struct SyncFixture {
    let sandbox = Sandbox()

    /// The sync folder's path (not created).
    var folderPath: String { sandbox.root + "/synced/copypasta" }

    /// The folder.
    var folder: SyncFolder { SyncFolder(root: folderPath) }

    /// Paths of one machine: the database (and so the keys) in `data-<machine>`.
    func paths(_ machine: String = "a") -> Paths {
        Paths.resolve(
            database: sandbox.root + "/data-\(machine)/history.sqlite3", config: nil, environment: [:], home: sandbox.root,
            uid: getuid())
    }

    /// A folder with its parent made, a marker for a new key and this machine's identity.
    func setUp() throws -> (key: SyncKey, identity: DeviceIdentity) {
        makeDirectory(sandbox.root + "/synced")
        let key = try SyncKey.create(paths())
        #expect(try folder.createMarker(key: key))
        let identity = try DeviceIdentity.create(paths())
        try folder.writeDevice(identity: identity, name: "laptop")
        return (key, identity)
    }

    /// The names in a directory, sorted; empty when it cannot be read.
    func names(_ directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Replaces a file's bytes.
    func overwrite(_ path: String, _ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_TRUNC)
        #expect(fd >= 0)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// Makes `path`'s directories, for junk and stray files.
    func makeDirectory(_ path: String) {
        #expect(Child.runQuietly(["mkdir", "-p", path]) == 0)
    }

    /// Creates an empty file.
    func touch(_ path: String) {
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(fd >= 0)
        close(fd)
    }
}

/// Runs `body` and returns the `SyncError` it threw, nil when it threw none (another error is recorded).
func syncError(_ body: () throws -> Void) -> SyncError? {
    do {
        try body()
        return nil
    } catch let error as SyncError {
        return error
    } catch {
        Issue.record("not a SyncError: \(error)")
        return nil
    }
}
