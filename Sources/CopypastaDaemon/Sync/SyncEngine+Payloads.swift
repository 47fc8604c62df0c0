import CopypastaCore
import CopypastaStore
import CopypastaSync
import CopypastaSystem
import Glibc

/// Payloads travel beside their records (docs/DESIGN.md §14.2): a document's file goes into the
/// sync folder as a sealed blob when the item's record is written and the file is not over
/// `sync-max-file-size`; the other machine puts the blob's bytes into its payload area before it
/// applies the record, whose file row then points at them.
extension SyncEngine {
    /// `records` as they are written by this device: each entry's file has its blob written (once)
    /// and says whether it is there; a file over `sync-max-file-size`, or one that cannot be read,
    /// stays on this machine and says so.
    func withPayloads(_ records: [SyncRecord], folder: SyncFolder, device: String, key: SyncKey) -> [SyncRecord] {
        records.map { record in
            guard case var .entry(entry) = record, var file = entry.file else { return record }
            file.synced =
                file.size <= Int64(config.library.syncMaxFileBytes)
                && writeBlob(file, folder: folder, device: device, key: key)
            entry.file = file
            return .entry(entry)
        }
    }

    /// Writes the blob of `file` unless it is there already; false (logged) when it cannot.
    private func writeBlob(_ file: SyncedFile, folder: SyncFolder, device: String, key: SyncKey) -> Bool {
        if access(folder.blobPath(device: device, folder: file.folder), F_OK) == 0 { return true }
        guard PayloadArea.isFolderName(file.folder) else { return false }
        let path = store.payloads.path(.documents, file.folder) + "/" + file.name
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            log(.warning, "payload", "cannot read \(file.name) to sync it: \(SystemError.describe(errno))")
            return false
        }
        defer { close(fd) }
        do {
            let bytes = try FileInput.readAll(fd, limit: Int(file.size) + 1)
            guard bytes.count == Int(file.size) else {
                log(.warning, "payload", "\(file.name) changed size since it was added; not synced")
                return false
            }
            try folder.writeBlob(bytes, folder: file.folder, device: device, key: key)
            return true
        } catch {
            log(.warning, "payload", "cannot write the blob of \(file.name): \(error)")
            return false
        }
    }

    /// Puts the payloads `records` name into this machine's payload area before they are applied:
    /// each synced file whose folder is not here yet is read from `device`'s blob, checked against
    /// its digest and written atomically. A blob that is missing or damaged is logged; the record
    /// is applied all the same and its item shows the file as missing.
    func receivePayloads(_ records: [SyncRecord], from device: String, folder: SyncFolder, key: SyncKey) {
        let area = store.payloads
        for case let .entry(entry) in records {
            guard entry.exists, let file = entry.file, file.synced, file.problem == nil,
                !area.exists(.documents, file.folder)
            else { continue }
            do {
                let bytes = try folder.readBlob(folder: file.folder, device: device, key: key, limit: Int(file.size))
                guard Sodium.hex(Sodium.sha256(bytes)) == file.digest else {
                    log(.warning, device: device, "payload", "the blob of \(file.name) does not match its digest")
                    continue
                }
                try area.write(bytes, to: file.name, kind: .documents, folder: file.folder)
            } catch {
                log(.warning, device: device, "payload", "cannot take the blob of \(file.name): \(error)")
            }
        }
    }

    /// Removes this device's blobs that no record of its new pack names: their items were purged
    /// (or lost their file), so their payloads leave the folder with them.
    func removeReleasedBlobs(_ records: [SyncRecord], folder: SyncFolder, device: String) {
        var named = Set<String>()
        for case let .entry(entry) in records { if let file = entry.file { named.insert(file.folder) } }
        for blob in folder.blobFolders(device: device) where !named.contains(blob) {
            do {
                try folder.removeBlob(folder: blob, device: device)
            } catch {
                log(.warning, "payload", "cannot remove a released blob: \(error)")
            }
        }
    }
}
