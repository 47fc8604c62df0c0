import CSodium
import CopypastaCore
import Glibc

/// This machine's place in the sync folder: its device id and its X25519 key pair (docs/DESIGN.md §14.1).
///
/// The id is 26 random base32 characters made once per machine, never a host name, so the
/// folder does not say whose machines these are. The key pair lets a device already in the
/// history seal the history key to this one (`crypto_box_seal`). Kept in `device.key` (0600)
/// beside the database; the secret key is held in locked memory.
public final class DeviceIdentity: Sendable {
    /// The length of a device id.
    public static let idLength = 26
    /// The name of the identity file, in the data directory.
    public static let fileName = "device.key"
    private static let magic = Array("CPD1".utf8)
    private static let keyLength = Int(crypto_box_PUBLICKEYBYTES)

    /// The device id: the name of this device's directory in the folder.
    public let id: String
    /// The X25519 public key, written into `device.json`.
    public let publicKey: [UInt8]
    /// The X25519 secret key.
    let secretKey: LockedBytes

    private init(id: String, publicKey: [UInt8], secretKey: inout [UInt8]) {
        self.id = id
        self.publicKey = publicKey
        self.secretKey = LockedBytes(taking: &secretKey)
    }

    /// The fingerprint of the public key, which `sync join` and `sync pending` both print.
    public var fingerprint: String { DeviceFingerprint.of(publicKey: publicKey) }

    /// Whether `text` can be a device id: 26 characters of `a-z2-7`.
    public static func isValidID(_ text: String) -> Bool {
        Base32.isLowercase(text, count: idLength)
    }

    /// The path of `device.key` for `paths`: the directory of the database.
    public static func path(_ paths: Paths) -> String {
        paths.dataDirectory + "/" + fileName
    }

    /// Reads this machine's identity; `.noIdentity` when there is none.
    public static func load(_ paths: Paths) throws(SyncError) -> DeviceIdentity {
        let file = path(paths)
        var bytes = try FileIO.readKeyFile(
            file, magic: magic, length: idLength + 2 * keyLength, missing: .noIdentity(path: file))
        defer { Sodium.wipe(&bytes) }
        let id = String(decoding: bytes[..<idLength], as: UTF8.self)
        guard isValidID(id) else { throw .badKeyFile(path: file, reason: "the device id is not 26 characters of a-z2-7") }
        var secret = Array(bytes[(idLength + keyLength)...])
        return DeviceIdentity(id: id, publicKey: Array(bytes[idLength..<idLength + keyLength]), secretKey: &secret)
    }

    /// A new identity (random id, new key pair), saved with mode 0600; refuses to replace one.
    public static func create(_ paths: Paths) throws(SyncError) -> DeviceIdentity {
        try DataDirectory.make(paths)
        let file = path(paths)
        if access(file, F_OK) == 0 { throw .badKeyFile(path: file, reason: "it already exists and is not replaced") }
        precondition(Sodium.ready, "libsodium could not be initialised")
        var publicKey = [UInt8](repeating: 0, count: keyLength)
        var secret = [UInt8](repeating: 0, count: keyLength)
        _ = crypto_box_keypair(&publicKey, &secret)
        let id = String(Base32.encode(Sodium.random(17)).prefix(idLength))
        var bytes = magic + Array(id.utf8) + publicKey + secret
        defer { Sodium.wipe(&bytes) }
        let identity = DeviceIdentity(id: id, publicKey: publicKey, secretKey: &secret)
        try FileIO.writeAtomically(
            bytes, directory: paths.dataDirectory, name: fileName, temporary: ".\(fileName).\(FileIO.randomName(8))")
        return identity
    }

    /// The identity saved for `paths`, made now when there is none; `created` says which.
    public static func loadOrCreate(_ paths: Paths) throws(SyncError) -> (identity: DeviceIdentity, created: Bool) {
        do {
            return (try load(paths), false)
        } catch .noIdentity {
            return (try create(paths), true)
        }
    }
}
