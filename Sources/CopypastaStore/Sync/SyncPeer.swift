import CopypastaCore

/// Another device of the sync folder, as this machine knows it (`sync status`).
public struct SyncPeer: Sendable, Equatable {
    /// Its 26-character device id.
    public var device: String
    /// The name it gave itself.
    public var name: String?
    /// Its X25519 public key.
    public var publicKey: [UInt8]?
    /// Whether it was approved: only approved devices count for `synced`.
    public var approved: Bool
    /// Whether it was removed from the folder.
    public var removed: Bool
    /// When anything was last imported from it.
    public var lastReceivedAt: Timestamp?
    /// When it last acknowledged our segments.
    public var lastAckAt: Timestamp?
    /// The highest of our segments it acknowledged.
    public var ackedSeq: Int64
    /// The end of the contiguous run of its segments we imported.
    public var receivedSeq: Int64
    /// The highest of its segments we acknowledged.
    public var ackSent: Int64

    /// A peer with every field given.
    public init(
        device: String, name: String?, publicKey: [UInt8]?, approved: Bool, removed: Bool, lastReceivedAt: Timestamp?,
        lastAckAt: Timestamp?, ackedSeq: Int64, receivedSeq: Int64, ackSent: Int64
    ) {
        self.device = device
        self.name = name
        self.publicKey = publicKey
        self.approved = approved
        self.removed = removed
        self.lastReceivedAt = lastReceivedAt
        self.lastAckAt = lastAckAt
        self.ackedSeq = ackedSeq
        self.receivedSeq = receivedSeq
        self.ackSent = ackSent
    }
}
