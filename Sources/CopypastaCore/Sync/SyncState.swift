/// Where an entry stands in sync (docs/DESIGN.md §14.4), as `list`, `--json` and `status` show it.
public enum SyncState: String, Sendable, CaseIterable, Hashable {
    /// Never leaves this machine: local-only, secure, excluded by a rule, or stored while sync was off.
    case local
    /// Waiting to be written, or written and not yet acknowledged by every active device.
    case pending
    /// Acknowledged by every active device, or received from one.
    case synced
    /// Writing it failed after every retry; `sync retry` queues it again.
    case failed

    /// The one-character column of `list`.
    public var badge: Character {
        switch self {
        case .local: "L"
        case .pending: "P"
        case .synced: "S"
        case .failed: "F"
        }
    }
}
