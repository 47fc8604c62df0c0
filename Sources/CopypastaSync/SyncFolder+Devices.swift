import CopypastaCore
import FoundationEssentials
import Glibc

/// `devices/<dev>/device.json`: who is in the folder, and whether they hold the history key.
extension SyncFolder {
    /// The file name of a device's description.
    static let deviceFileName = "device.json"

    /// Writes this device's `device.json` (format, id, name, public key, and its `max-entries`, so
    /// that the other machines can say when theirs differs). With `key`, it also carries `member`,
    /// a MAC keyed with the history key over the id and public key: proof that this device holds
    /// K, so no one lists it as waiting for approval.
    public func writeDevice(identity: DeviceIdentity, name: String, key: SyncKey? = nil, maxEntries: Int? = nil)
        throws(SyncError)
    {
        try requireMarker()
        let directory = try makeOwnDirectory(identity.id)
        var json: [UInt8] = Array(#"{"format":\#(Self.format),"device":"\#(identity.id)","name":"#.utf8)
        JSONLines.appendString(SyncDevice.cleanName(name), to: &json)
        json += Array(#","publicKey":"\#(Sodium.hex(identity.publicKey))""#.utf8)
        if let maxEntries { json += Array(#","maxEntries":\#(maxEntries)"#.utf8) }
        if let key {
            json += Array(#","member":"\#(Self.membership(device: identity.id, publicKey: identity.publicKey, key: key))""#.utf8)
        }
        json += Array("}\n".utf8)
        try FileIO.writeAtomically(
            json, directory: directory, name: Self.deviceFileName, temporary: ".cp-tmp-device-\(FileIO.randomName(8))")
    }

    /// Every device with a well-formed `device.json`, by id; `junk` names the directories whose
    /// description is missing or malformed (relative to the folder). With `key`, `member` tells
    /// which devices proved they hold it.
    public func devices(key: SyncKey? = nil) throws(SyncError) -> (devices: [SyncDevice], junk: [String]) {
        var devices: [SyncDevice] = []
        var junk: [String] = []
        for name in try FileIO.list(devicesDirectory) ?? [] {
            let relative = "devices/" + name
            guard isDeviceDirectory(name) else {
                junk.append(relative)
                continue
            }
            guard let device = try readDevice(name, key: key) else {
                junk.append(relative + "/" + Self.deviceFileName)
                continue
            }
            devices.append(device)
        }
        return (devices, junk)
    }

    /// The device `id`, when its description is well-formed.
    public func device(_ id: String, key: SyncKey? = nil) throws(SyncError) -> SyncDevice? {
        guard DeviceIdentity.isValidID(id) else { return nil }
        return try readDevice(id, key: key)
    }

    /// Makes `devices/` and `devices/<id>/` (mode 0700) and returns the latter.
    func makeOwnDirectory(_ id: String) throws(SyncError) -> String {
        try FileIO.makeDirectory(devicesDirectory)
        let directory = directory(of: id)
        try FileIO.makeDirectory(directory)
        return directory
    }

    private func readDevice(_ id: String, key: SyncKey?) throws(SyncError) -> SyncDevice? {
        let path = directory(of: id) + "/" + Self.deviceFileName
        guard access(path, F_OK) == 0 else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path, limit: 64 << 10)
        } catch {
            // One device's description that cannot be read (a symlink, a FIFO, a garbled or
            // unreadable file) is that device's problem: it is junk, and the others are listed.
            return nil
        }
        struct Description: Decodable {
            var format: Int
            var device: String
            var name: String?
            var publicKey: String
            var member: String?
            var maxEntries: Int?
        }
        guard let description = try? JSONDecoder().decode(Description.self, from: Data(bytes)),
            description.format == Self.format, description.device == id,
            let publicKey = Sodium.unhex(description.publicKey), publicKey.count == 32
        else { return nil }
        let member =
            key.map { key in
                Self.constantTimeEqual(
                    Array((description.member ?? "").utf8),
                    Array(Self.membership(device: id, publicKey: publicKey, key: key).utf8))
            } ?? false
        return SyncDevice(
            id: id, name: SyncDevice.cleanName(description.name ?? ""), publicKey: publicKey, member: member,
            maxEntries: description.maxEntries.flatMap { $0 >= 0 ? $0 : nil })
    }

    /// The membership proof of a device: BLAKE2b keyed with K over a label, the id and the key.
    private static func membership(device: String, publicKey: [UInt8], key: SyncKey) -> String {
        key.withRootBytes {
            Sodium.hex(Sodium.blake2b(Array("copypasta member \(device) ".utf8) + publicKey, key: $0, length: 32))
        }
    }
}
