import CopypastaCore
import Glibc

/// Segments and packs: writing them once, listing them through the allow-list, opening them.
extension SyncFolder {
    /// The prefix of the temporary files of atomic writes (ignored by the file-sync engine).
    public static let temporaryPrefix = ".cp-tmp-"

    /// Seals `plaintext` into `devices/<device>/s-<seq>.cps` (or `p-` for a pack), atomically.
    ///
    /// The marker must be there and match `key` (a folder that is not mounted is never written
    /// into). The file appears whole or not at all: `.cp-tmp-<seq>-<random>`, fsync, rename,
    /// fsync of the directory; on failure the temporary file is removed. A seq is never reused:
    /// an existing file of that name is an error.
    public func write(
        kind: SyncFile.Kind, device: String, seq: Int64, plaintext: [UInt8], key: SyncKey
    ) throws(SyncError) {
        guard (1...SyncFile.maxSeq).contains(seq) else {
            throw .io(path: directory(of: device), reason: "sequence number \(seq) is beyond the 10 digits of a file name")
        }
        try checkMarker(key: key)
        let directory = try makeOwnDirectory(device)
        let name = SyncFile.name(kind: kind, seq: seq)
        if access(directory + "/" + name, F_OK) == 0 {
            throw .io(path: directory + "/" + name, reason: "already exists (a seq is never written twice)")
        }
        let sealed = SealedFile.seal(plaintext, kind: kind, device: device, seq: seq, key: key)
        try FileIO.writeAtomically(
            sealed, directory: directory, name: name,
            temporary: "\(Self.temporaryPrefix)\(SyncFile.digits(seq))-\(FileIO.randomName(8))")
    }

    /// Every segment and pack in the folder, sorted by device, seq and kind (a pack before the
    /// segment of the same seq), and `junk`: the names skipped, relative to the folder.
    ///
    /// Only `devices/<dev>/[sp]-<10 digits>.cps` is taken; `device.json` and key boxes are known
    /// and neither listed nor junk; everything else (a file-sync engine's temporary files,
    /// conflict copies, editors' backups, stray directories) is junk for the activity log.
    public func files() throws(SyncError) -> (files: [SyncFile], junk: [String]) {
        var files: [SyncFile] = []
        var junk: [String] = []
        for device in try FileIO.list(devicesDirectory) ?? [] {
            guard isDeviceDirectory(device), let names = try FileIO.list(directory(of: device)) else {
                junk.append("devices/" + device)
                continue
            }
            for name in names {
                if let (kind, seq) = SyncFile.parse(name: name) {
                    files.append(SyncFile(device: device, kind: kind, seq: seq, path: directory(of: device) + "/" + name))
                } else if !Self.isKnown(name) {
                    junk.append("devices/\(device)/\(name)")
                }
            }
        }
        files.sort { ($0.device, $0.seq, $0.kind == .pack ? 0 : 1) < ($1.device, $1.seq, $1.kind == .pack ? 0 : 1) }
        return (files, junk)
    }

    /// The plaintext of `file` and the SHA-256 of its bytes (the identity of an imported file).
    /// Files over 64 MiB are refused unread.
    public func read(_ file: SyncFile, key: SyncKey) throws(SyncError) -> (plaintext: [UInt8], sha256: [UInt8]) {
        let bytes = try FileIO.read(file.path, limit: Self.maxFileBytes)
        return (try SealedFile.open(bytes, as: file, key: key), Sodium.sha256(bytes))
    }

    /// Deletes `device`'s files of `kind` with seq up to `seq` (compaction, of this device's own
    /// files only); returns how many it deleted.
    @discardableResult
    public func remove(device: String, kind: SyncFile.Kind, upTo seq: Int64) throws(SyncError) -> Int {
        let directory = directory(of: device)
        var removed = 0
        for name in try FileIO.list(directory) ?? [] {
            guard let file = SyncFile.parse(name: name), file.kind == kind, file.seq <= seq else { continue }
            try FileIO.remove(directory + "/" + name)
            removed += 1
        }
        if removed > 0 { try FileIO.syncDirectory(directory) }
        return removed
    }

    /// Deletes temporary files a crash left in `device`'s directory (call at start, before writing).
    @discardableResult
    public func removeTemporaries(device: String) throws(SyncError) -> Int {
        let directory = directory(of: device)
        var removed = 0
        for name in try FileIO.list(directory) ?? [] where name.hasPrefix(Self.temporaryPrefix) {
            try FileIO.remove(directory + "/" + name)
            removed += 1
        }
        return removed
    }

    /// Whether `devices/<name>` is a device's directory: a device id, and a directory itself, not a
    /// symbolic link (one to `/` would have every name there listed as junk, and read).
    func isDeviceDirectory(_ name: String) -> Bool {
        guard DeviceIdentity.isValidID(name) else { return false }
        var stats = stat()
        return lstat(directory(of: name), &stats) == 0 && stats.st_mode & S_IFMT == S_IFDIR
    }

    /// `device.json`, `removed.json` and `k-<dev>.box`: files of the layout that are not segments or packs.
    static func isKnown(_ name: String) -> Bool {
        // A member's temporary file is a write in progress (or one a crash left, which its
        // writer removes at start), not junk worth a line in the activity log.
        name == deviceFileName || name == removedFileName || keyBoxPeer(name) != nil || name.hasPrefix(temporaryPrefix)
            || blobFolder(name) != nil
    }
}
