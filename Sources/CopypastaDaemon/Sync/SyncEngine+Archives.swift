import CopypastaCore
import CopypastaStore
import CopypastaSync
import Glibc

/// Link archives travel like documents' files (docs/DESIGN.md §14.2, "Link archives in sync"):
/// the archive's folder as one `ArchivePack`, sealed as the blob `b-<folder>.cps`, when its files
/// are not over `sync-max-file-size` together.
extension SyncEngine {
    /// Writes the blob of `link`'s archive unless it is there already; false when the link has no
    /// archive here, or it is over `sync-max-file-size` (it stays on this machine and the record
    /// says so), or it cannot be read or written (logged).
    func writeArchiveBlob(_ link: SyncedLink, folder: SyncFolder, device: String, key: SyncKey) -> Bool {
        guard let archive = link.folder, link.problem == nil else { return false }
        if access(folder.blobPath(device: device, folder: archive), F_OK) == 0 { return true }
        let limit = config.library.syncMaxFileBytes
        guard let size = store.payloads.archiveSize(archive), size <= Int64(limit) else { return false }
        do {
            let members = try store.payloads.archiveMembers(archive, limit: limit)
            try folder.writeBlob(ArchivePack.encode(members), folder: archive, device: device, key: key)
            return true
        } catch {
            log(.warning, "payload", "cannot write the blob of the archive of \(link.url): \(error)")
            return false
        }
    }

    /// Puts the archive `link` names into this machine's payload area when it travelled and is not
    /// here yet: `device`'s blob is opened, its pack checked (names, count, sizes) and written
    /// as the archive's folder, whole or not at all. A blob that is missing or damaged is logged;
    /// the record is applied all the same and the link shows its archive as missing.
    /// Returns the folder when it placed one.
    func receiveArchive(_ link: SyncedLink, from device: String, folder: SyncFolder, key: SyncKey) -> String? {
        guard link.synced, link.problem == nil, let archive = link.folder, !store.payloads.exists(.links, archive) else {
            return nil
        }
        let limit = config.library.syncMaxFileBytes
        do {
            let plaintext = try folder.readBlob(folder: archive, device: device, key: key, limit: limit + Self.packOverhead)
            let members = try ArchivePack.decode(plaintext, limit: limit)
            try store.payloads.placeArchive(members, folder: archive)
            return archive
        } catch {
            log(.warning, device: device, "payload", "cannot take the archive of \(link.url): \(error)")
            return nil
        }
    }

    /// What a pack adds to its files' bytes at most: the header and each member's name and sizes.
    static let packOverhead = 8 + ArchivePack.maxMembers * (2 + ArchivePack.maxNameBytes + 8)
}
