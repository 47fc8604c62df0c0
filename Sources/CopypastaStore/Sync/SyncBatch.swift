import CopypastaCore

/// What `syncQueue` handed out for one segment: the records to write and what they came from,
/// so that `markWritten`/`markFailed` touch exactly those rows, and only if they did not change
/// meanwhile (a change made while the segment was being written stays queued).
public struct SyncBatch: Sendable, Equatable {
    /// The records, in the order to write them: entries (oldest change first), then tombstones.
    public var records: [SyncRecord]
    /// The entry rows behind the entry records, with the record each produced.
    var entries: [(id: Int64, record: SyncEntryRecord)]
    /// The tombstones written, with their clock.
    var tombstones: [(gid: String, at: Int64)]

    /// Whether there is nothing to write.
    public var isEmpty: Bool { records.isEmpty }

    /// This batch without the entries whose gids are in `held` (their payloads' blobs are still
    /// being written): those stay queued for a later segment.
    public func holdingBack(_ held: Set<String>) -> SyncBatch {
        guard !held.isEmpty else { return self }
        var kept = self
        kept.records.removeAll { if case let .entry(entry) = $0 { entry.exists && held.contains(entry.gid) } else { false } }
        kept.entries.removeAll { held.contains($0.record.gid) }
        return kept
    }

    public static func == (lhs: SyncBatch, rhs: SyncBatch) -> Bool {
        lhs.records == rhs.records && lhs.entries.map(\.id) == rhs.entries.map(\.id)
            && lhs.tombstones.map(\.gid) == rhs.tombstones.map(\.gid)
    }
}
