import CSodium
import CopypastaCore
import Glibc

/// `devices/<approver>/k-<peer>.box`: the history key sealed to one device's public key.
///
/// `crypto_box_seal` (X25519, XSalsa20-Poly1305 with an ephemeral key) lets any member hand K
/// to a new device after a person compared its fingerprint, without K ever being in the folder
/// in the clear and without the new device having to be online at that moment.
extension SyncFolder {
    /// The name of the box sealed to `peer`.
    static func keyBoxName(_ peer: String) -> String { "k-\(peer).box" }

    /// The peer of a key box's file name; nil for any other name.
    static func keyBoxPeer(_ name: String) -> String? {
        guard name.hasPrefix("k-"), name.hasSuffix(".box") else { return nil }
        let peer = String(name.dropFirst(2).dropLast(4))
        return DeviceIdentity.isValidID(peer) ? peer : nil
    }

    /// Seals `key` to `peer` into this device's directory.
    public func writeKeyBox(for peer: SyncDevice, key: SyncKey, by identity: DeviceIdentity) throws(SyncError) {
        try checkMarker(key: key)
        precondition(peer.publicKey.count == Int(crypto_box_PUBLICKEYBYTES), "a public key has 32 bytes")
        var box = [UInt8](repeating: 0, count: SyncKey.length + Int(crypto_box_sealbytes()))
        key.withRootBytes { secret in
            _ = crypto_box_seal(
                &box, secret.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(secret.count), peer.publicKey)
        }
        let directory = try makeOwnDirectory(identity.id)
        try FileIO.writeAtomically(
            box, directory: directory, name: Self.keyBoxName(peer.id), temporary: ".cp-tmp-box-\(FileIO.randomName(8))")
    }

    /// Deletes the key box this device wrote for `peer`; returns whether there was one.
    @discardableResult
    public func removeKeyBox(for peer: String, by identity: DeviceIdentity) throws(SyncError) -> Bool {
        let path = directory(of: identity.id) + "/" + Self.keyBoxName(peer)
        guard access(path, F_OK) == 0 else { return false }
        try FileIO.remove(path)
        try FileIO.syncDirectory(directory(of: identity.id))
        return true
    }

    /// The devices some member sealed the key to: every `k-<peer>.box` in any device's directory.
    public func approvedDevices() throws(SyncError) -> Set<String> {
        var peers: Set<String> = []
        for device in try FileIO.list(devicesDirectory) ?? [] where isDeviceDirectory(device) {
            for name in try FileIO.list(directory(of: device)) ?? [] {
                if let peer = Self.keyBoxPeer(name) { peers.insert(peer) }
            }
        }
        return peers
    }

    /// The devices `identity` sealed the key to.
    public func keyBoxes(by identity: DeviceIdentity) throws(SyncError) -> Set<String> {
        Set((try FileIO.list(directory(of: identity.id)) ?? []).compactMap(Self.keyBoxPeer))
    }

    /// The history key sealed to `identity` by any device, when one opens and matches the folder's
    /// marker (a box with another key, or from someone who only wanted to inject one, is passed over).
    public func openKeyBox(identity: DeviceIdentity) throws(SyncError) -> SyncKey? {
        for device in try FileIO.list(devicesDirectory) ?? [] where isDeviceDirectory(device) {
            let path = directory(of: device) + "/" + Self.keyBoxName(identity.id)
            guard access(path, F_OK) == 0, let box = try? FileIO.read(path, limit: 4096),
                box.count == SyncKey.length + Int(crypto_box_sealbytes())
            else { continue }
            var bytes = [UInt8](repeating: 0, count: SyncKey.length)
            let status = identity.secretKey.withBytes { secret in
                guard let secret = secret.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return Int32(-1) }
                return crypto_box_seal_open(&bytes, box, UInt64(box.count), identity.publicKey, secret)
            }
            guard status == 0 else {
                Sodium.wipe(&bytes)
                continue
            }
            let key = SyncKey(taking: &bytes)
            if (try? checkMarker(key: key)) != nil { return key }
        }
        return nil
    }
}
