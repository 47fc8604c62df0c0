/// A device of the folder, as its `devices/<id>/device.json` describes it.
public struct SyncDevice: Hashable, Sendable {
    /// The device id (its directory name).
    public var id: String
    /// The name its owner gave it (control characters removed, at most 64 characters).
    public var name: String
    /// Its X25519 public key (32 bytes).
    public var publicKey: [UInt8]
    /// Whether its `device.json` proves it holds the history key (see `SyncFolder.devices(key:)`).
    public var member: Bool
    /// Its `max-entries` (0: unlimited), nil when its `device.json` does not say (an older version).
    public var maxEntries: Int?

    /// A device with these fields.
    public init(id: String, name: String, publicKey: [UInt8], member: Bool = false, maxEntries: Int? = nil) {
        self.id = id
        self.name = name
        self.publicKey = publicKey
        self.member = member
        self.maxEntries = maxEntries
    }

    /// The fingerprint of its public key (see `DeviceFingerprint`).
    public var fingerprint: String { DeviceFingerprint.of(publicKey: publicKey) }

    /// `name` made safe to print: no control or format characters, at most 64 characters.
    static func cleanName(_ name: String) -> String {
        let kept = name.unicodeScalars.filter { scalar in
            !(scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format)
        }
        return String(String.UnicodeScalarView(kept).prefix(64))
    }
}
