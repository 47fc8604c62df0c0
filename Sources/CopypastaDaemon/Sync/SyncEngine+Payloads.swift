import CopypastaCore
import CopypastaStore
import CopypastaSync
import Glibc

/// Payloads travel beside their records (docs/DESIGN.md §14.2, "Payload flow"): a document's
/// file, or a link's archive packed as one `ArchivePack`, goes into the sync folder as the sealed
/// blob `b-<folder>.cps` when it is not over `sync-max-file-size`. A record says `synced` only
/// once its blob is complete: until then it stays queued (other records keep flowing), and the
/// blob is written a slice per turn of the loop (`BlobJob`).
extension SyncEngine {
    /// `records` as this device writes them now, and the gids of the entries held back until
    /// their blobs are written: each payload says whether its blob is there (`synced`); one that
    /// travels but has no blob yet gets a blob job and holds its record back. A payload over
    /// `sync-max-file-size`, or whose blob could not be written (logged), stays on this machine
    /// and its record says so.
    func withPayloads(_ records: [SyncRecord], folder: SyncFolder, device: String) -> (records: [SyncRecord], held: Set<String>) {
        var held = Set<String>()
        let limit = Int64(config.library.syncMaxFileBytes)
        let out = records.compactMap { record -> SyncRecord? in
            guard case var .entry(entry) = record, entry.file != nil || entry.link != nil else { return record }
            var waiting = false
            if var file = entry.file {
                let travels = file.size <= limit && file.problem == nil && PayloadArea.isFolderName(file.folder)
                let task = BlobJob.Task.write(
                    kind: .documents, folder: file.folder, label: file.name, file: (file.name, file.size))
                file.synced = travels && blobStatus(task, folder: folder, device: device, waiting: &waiting)
                entry.file = file
            }
            if var link = entry.link {
                let size = link.problem == nil ? link.folder.flatMap(store.payloads.archiveSize) : nil
                if let archive = link.folder, let size, size <= limit {
                    let task = BlobJob.Task.write(kind: .links, folder: archive, label: link.url, file: nil)
                    link.synced = blobStatus(task, folder: folder, device: device, waiting: &waiting)
                } else {
                    link.synced = false
                }
                entry.link = link
            }
            if waiting { held.insert(entry.gid) }
            return waiting ? nil : .entry(entry)
        }
        return (out, held)
    }

    /// Whether the blob `task` writes is complete; when it is not, queues the task (once) and sets
    /// `waiting`. A blob whose job failed since is `false` once, so its record goes out saying the
    /// payload stayed here; a later record tries again.
    private func blobStatus(_ task: BlobJob.Task, folder: SyncFolder, device: String, waiting: inout Bool) -> Bool {
        if access(folder.blobPath(device: device, folder: task.folder), F_OK) == 0 { return true }
        if state.failedBlobs.remove(task.folder) != nil { return false }
        waiting = true
        queueBlob(task)
        return false
    }

    /// Queues `task` unless a job for its folder is queued or running.
    func queueBlob(_ task: BlobJob.Task) {
        guard state.blobJob?.task.folder != task.folder, !state.blobTasks.contains(where: { $0.folder == task.folder })
        else { return }
        state.blobTasks.append(task)
    }

    /// Queues the extraction of every payload a row names as synced that is not here yet and
    /// whose blob is in the folder: after an apply, at start-up and when a blob arrives (the
    /// blob may come before or after its record). A blob that failed to open waits until it
    /// changes. Blobs of removed devices are ignored, as their other files are.
    func queueExtractions() {
        guard let folder = state.folder, let missing = try? store.missingSyncedPayloads(), !missing.isEmpty else { return }
        let removed = Set(((try? store.syncPeers()) ?? []).filter(\.removed).map(\.device))
        for payload in missing {
            guard let device = folder.blobDevice(folder: payload.folder, ignoring: removed) else { continue }
            let path = folder.blobPath(device: device, folder: payload.folder)
            if let damaged = state.damagedBlobs[path], damaged == FileStamp(path: path) { continue }
            queueBlob(.read(payload, device: device))
        }
    }

    /// Removes this device's blobs that no record of its new pack names: their items were purged
    /// (or lost their file), so their payloads leave the folder with them.
    func removeReleasedBlobs(_ records: [SyncRecord], folder: SyncFolder, device: String) {
        var named = Set<String>()
        for case let .entry(entry) in records {
            if let file = entry.file { named.insert(file.folder) }
            if let archive = entry.link?.folder { named.insert(archive) }
        }
        for blob in folder.blobFolders(device: device) where !named.contains(blob) {
            do {
                try folder.removeBlob(folder: blob, device: device)
            } catch {
                log(.warning, "payload", "cannot remove a released blob: \(error)")
            }
        }
    }
}
