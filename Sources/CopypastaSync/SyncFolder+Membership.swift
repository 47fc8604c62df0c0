import CopypastaCore
import FoundationEssentials
import Glibc

/// Who is in the history beyond one machine's view: a device picking up the key sealed to it,
/// and devices removed by any member (`devices/<dev>/removed.json`).
///
/// A removal is written into the folder, not only into the remover's database, so that every
/// member stops waiting for the removed device's acknowledgements and stops listing it as
/// pending. The list carries a MAC keyed with the history key: only a member can remove.
extension SyncFolder {
    /// The file name of a device's list of removed devices.
    static let removedFileName = "removed.json"

    /// For a device that asked to join: when a member sealed the key to it and the key fits the
    /// folder, saves it (`sync.key`) and rewrites `device.json` with the membership proof, so no
    /// one lists the device as pending any more. Nil while no box is there. A machine that
    /// already has a key gets it back unchanged.
    public func adoptKeyBox(identity: DeviceIdentity, paths: Paths) throws(SyncError) -> SyncKey? {
        if access(SyncKey.path(paths), F_OK) == 0 { return try SyncKey.load(paths) }
        guard let key = try openKeyBox(identity: identity) else { return nil }
        try key.save(paths)
        try writeDevice(identity: identity, name: try device(identity.id)?.name ?? "", key: key)
        return key
    }

    /// Removes `peer`: deletes the key box this device sealed to it and adds it to this device's
    /// removal list. Returns whether `peer` was known (a device, a key box or already removed).
    @discardableResult
    public func removeDevice(_ peer: String, by identity: DeviceIdentity, key: SyncKey) throws(SyncError) -> Bool {
        try checkMarker(key: key)
        let hadBox = try removeKeyBox(for: peer, by: identity)
        var removed = try removedList(of: identity.id, key: key) ?? []
        let described = try device(peer) != nil
        guard hadBox || described || removed.contains(peer) else { return false }
        if !removed.contains(peer) {
            removed.append(peer)
            try writeRemovedList(removed, by: identity, key: key)
        }
        return true
    }

    /// Takes `peer` off this device's removal list (it is approved again); nothing when it is not on it.
    public func readmit(_ peer: String, by identity: DeviceIdentity, key: SyncKey) throws(SyncError) {
        guard var removed = try removedList(of: identity.id, key: key), removed.contains(peer) else { return }
        removed.removeAll { $0 == peer }
        try writeRemovedList(removed, by: identity, key: key)
    }

    /// Every device some member removed, from the removal lists whose MAC fits `key`.
    public func removedDevices(key: SyncKey) throws(SyncError) -> Set<String> {
        var removed: Set<String> = []
        for device in try FileIO.list(devicesDirectory) ?? [] where isDeviceDirectory(device) {
            removed.formUnion(try removedList(of: device, key: key) ?? [])
        }
        return removed
    }

    private func writeRemovedList(_ removed: [String], by identity: DeviceIdentity, key: SyncKey) throws(SyncError) {
        let list = removed.sorted()
        let ids = list.map { #""\#($0)""# }.joined(separator: ",")
        let mac = Self.removalMAC(device: identity.id, removed: list, key: key)
        let json = Array(#"{"format":\#(Self.format),"removed":[\#(ids)],"mac":"\#(mac)"}"#.utf8) + [10]
        try FileIO.writeAtomically(
            json, directory: try makeOwnDirectory(identity.id), name: Self.removedFileName,
            temporary: ".cp-tmp-removed-\(FileIO.randomName(8))")
    }

    /// The removal list of `device`; nil when it has none or it is malformed or its MAC does not fit.
    private func removedList(of device: String, key: SyncKey) throws(SyncError) -> [String]? {
        let path = directory(of: device) + "/" + Self.removedFileName
        guard access(path, F_OK) == 0, let bytes = try? FileIO.read(path, limit: 1 << 20) else { return nil }
        struct List: Decodable {
            var format: Int
            var removed: [String]
            var mac: String
        }
        guard let list = try? JSONDecoder().decode(List.self, from: Data(bytes)), list.format == Self.format,
            list.removed.allSatisfy(DeviceIdentity.isValidID),
            Self.constantTimeEqual(
                Array(list.mac.utf8), Array(Self.removalMAC(device: device, removed: list.removed.sorted(), key: key).utf8))
        else { return nil }
        return list.removed
    }

    /// BLAKE2b keyed with K over a label, the writer and the sorted ids.
    private static func removalMAC(device: String, removed: [String], key: SyncKey) -> String {
        let message = Array("copypasta removed \(device) \(removed.joined(separator: ","))".utf8)
        return key.withRootBytes { Sodium.hex(Sodium.blake2b(message, key: $0, length: 32)) }
    }
}
