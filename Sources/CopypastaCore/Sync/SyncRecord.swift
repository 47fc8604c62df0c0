/// One line of a segment or pack (docs/DESIGN.md §14.3).
public enum SyncRecord: Sendable, Equatable {
    /// The whole state of one entry, or a tombstone (`exists` false, no text).
    case entry(SyncEntryRecord)
    /// That a device imported our segments up to a sequence number.
    case ack(AckRecord)
}

/// An acknowledgement: the writer imported every segment of device `dev` up to `seq`.
public struct AckRecord: Sendable, Equatable, Hashable, Codable {
    /// The device whose segments were imported.
    public var dev: String
    /// The end of the contiguous prefix of its segments imported.
    public var seq: Int64

    /// An acknowledgement of `dev`'s segments up to `seq`.
    public init(dev: String, seq: Int64) {
        self.dev = dev
        self.seq = seq
    }
}
