import CopypastaCore
import Glibc

/// Payload blobs: the file an item carries (a document's copy, a link's packed archive), sealed
/// a slice at a time (`BlobSealer`), as `devices/<device>/b-<folder>.cps`, where `folder` is the random UUID of the item's payload
/// folder (docs/DESIGN.md §14.2). A blob is not a record file: the listing (`files()`) leaves it
/// out, so it is neither imported as records nor counted in a device's sequence, and compaction
/// (which removes record files by seq) never touches it; it goes when its item is purged.
extension SyncFolder {
    /// The magic a blob starts with.
    static let blobMagic = Array("CPB2".utf8)
    /// The magic of the previous release's blobs (one sealed message), still read.
    static let legacyBlobMagic = Array("CPB1".utf8)
    /// The plaintext bytes of every slice of a blob but its last.
    public static let blobSlice = 1 << 20

    /// The file name of the blob of payload folder `folder`: `b-<folder>.cps`.
    public static func blobName(_ folder: String) -> String {
        "b-" + folder + ".cps"
    }

    /// The payload folder a blob name stands for, or nil when `name` is no blob name.
    static func blobFolder(_ name: String) -> String? {
        guard name.hasPrefix("b-"), name.hasSuffix(".cps") else { return nil }
        let folder = String(name.dropFirst(2).dropLast(4))
        let allowed = Set("0123456789abcdef-".utf8)
        return folder.utf8.count == 36 && folder.utf8.allSatisfy(allowed.contains) ? folder : nil
    }

    /// The header sealed with a blob: magic, device id and folder, so a blob renamed to another
    /// item or device fails to open.
    private static func blobHeader(device: String, folder: String, magic: [UInt8] = blobMagic) -> [UInt8] {
        precondition(DeviceIdentity.isValidID(device), "a device id is 26 characters of a-z2-7")
        return magic + Array(device.utf8) + Array(folder.utf8)
    }

    /// The path of `device`'s blob of `folder`.
    public func blobPath(device: String, folder: String) -> String {
        directory(of: device) + "/" + Self.blobName(folder)
    }

    /// Starts this device's blob of `folder`, to be written a slice at a time and committed
    /// (`BlobSealer`). The marker must match `key`. A blob that is already there is replaced on
    /// commit: the same folder always holds the same payload.
    public func sealBlob(folder: String, device: String, key: SyncKey) throws(SyncError) -> BlobSealer {
        guard Self.blobFolder(Self.blobName(folder)) != nil else {
            throw .io(path: directory(of: device), reason: "\(folder) is no payload folder name")
        }
        try checkMarker(key: key)
        return try BlobSealer(
            directory: try makeOwnDirectory(device), name: Self.blobName(folder),
            temporary: "\(Self.temporaryPrefix)\(folder)-\(FileIO.randomName(8))",
            header: Self.blobHeader(device: device, folder: folder), key: key)
    }

    /// Opens `device`'s blob of `folder` to be read a slice at a time (`BlobOpener`); a blob whose
    /// plaintext could be over `limit` bytes is refused unread.
    public func openBlob(folder: String, device: String, key: SyncKey, limit: Int) throws(SyncError) -> BlobOpener {
        let path = blobPath(device: device, folder: folder)
        guard Self.blobFolder(Self.blobName(folder)) != nil else { throw .corrupt(path: path, reason: "not a blob name") }
        return try BlobOpener(
            path: path, header: Self.blobHeader(device: device, folder: folder),
            legacyHeader: Self.blobHeader(device: device, folder: folder, magic: Self.legacyBlobMagic), key: key, limit: limit)
    }

    /// The device whose directory holds a blob of `folder` (the first in name order, leaving
    /// out `ignored` devices), or nil: the receiver looks for the blob of a row whose payload has
    /// not arrived yet.
    public func blobDevice(folder: String, ignoring ignored: Set<String> = []) -> String? {
        guard Self.blobFolder(Self.blobName(folder)) != nil else { return nil }
        let devices = ((try? FileIO.list(devicesDirectory)) ?? nil) ?? []
        return devices.first {
            DeviceIdentity.isValidID($0) && !ignored.contains($0) && access(blobPath(device: $0, folder: folder), F_OK) == 0
        }
    }

    /// Removes `device`'s blob of `folder`; a blob that is already gone is fine.
    public func removeBlob(folder: String, device: String) throws(SyncError) {
        let path = blobPath(device: device, folder: folder)
        guard Self.blobFolder(Self.blobName(folder)) != nil, access(path, F_OK) == 0 else { return }
        try FileIO.remove(path)
        try FileIO.syncDirectory(directory(of: device))
    }
}

extension SyncFolder {
    /// The payload folders of `device`'s blobs (none when its directory cannot be listed).
    public func blobFolders(device: String) -> [String] {
        ((try? FileIO.list(directory(of: device))) ?? nil)?.compactMap(Self.blobFolder) ?? []
    }
}
