import CopypastaCore

/// Which entries a sliced removal deletes for good (`HistoryStore.removeSlice`).
///
/// Each case selects through an index, so finding the next slice costs a look-up whatever the
/// size of the history (docs/DESIGN.md §7).
public enum Removal: Sendable, Equatable {
    /// Every entry in the trash (`trash empty`).
    case trash
    /// Entries trashed at or before this time (`trash-days`).
    case trashedBefore(Timestamp)
    /// Unpinned, unnamed, untagged entries captured before this time, in the history or the
    /// trash (`max-age`).
    case capturedBefore(Timestamp)
    /// Unpinned, unnamed entries captured at or after this time, in the history or the trash
    /// (`clear-on`: the entries of the session).
    case capturedSince(Timestamp)
    /// Every unpinned entry of the history (every entry with `includePinned`) stored at or below
    /// the ordering position `throughSeq`, and the whole trash (`clear --purge`): a copy stored
    /// while the job runs stays.
    case all(includePinned: Bool, throughSeq: Int64)
    /// Unpinned history entries (neither library items nor in the trash) at or below the
    /// ordering position: those max-entries no longer keeps (`HistoryStore.retentionJob`).
    case historyThrough(seq: Int64)

    /// The SQL condition on `entry` and its values.
    var filter: (sql: String, values: [(any SQLValue)?]) {
        switch self {
        case .trash: ("trashed_at IS NOT NULL", [])
        case let .trashedBefore(time): ("trashed_at IS NOT NULL AND trashed_at <= ?", [time.microseconds])
        case let .capturedBefore(time):
            (
                "captured_at < ? AND pinned = 0 AND title IS NULL AND NOT EXISTS (SELECT 1 FROM entry_tag WHERE entry_id = entry.id)",
                [time.microseconds]
            )
        case let .capturedSince(time): ("captured_at >= ? AND pinned = 0 AND title IS NULL", [time.microseconds])
        case let .all(includePinned, throughSeq):
            (
                includePinned
                    ? "(seq <= ? OR trashed_at IS NOT NULL)" : "((pinned = 0 AND seq <= ?) OR trashed_at IS NOT NULL)",
                [throughSeq]
            )
        case let .historyThrough(seq):
            ("trashed_at IS NULL AND pinned = 0 AND NOT (\(HistoryStore.libraryItem)) AND seq <= ?", [seq])
        }
    }

    /// Whether the removal deletes on the other machines too (a tombstone for each shared entry):
    /// what the user deletes, yes; max-age and clear-on are this machine's housekeeping, so they
    /// evict here only and the `entry_forgotten` trigger keeps another machine's next pack from
    /// bringing the entries back (docs/DESIGN.md §14.4).
    var deletesEverywhere: Bool {
        switch self {
        case .trash, .trashedBefore, .all: true
        case .capturedBefore, .capturedSince, .historyThrough: false
        }
    }
}
