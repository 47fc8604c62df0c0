/// What a hook runs after: the event in COPYPASTA_EVENT.
enum HookEvent: String {
    /// After a restore.
    case copy
    /// After a capture.
    case capture
    /// After a paste.
    case paste
    /// After typing an entry.
    case type
    /// When entries could not be written into the sync folder (docs/DESIGN.md §14.4).
    case syncFailed = "sync-failed"
    /// After a copy made on another machine became this machine's CLIPBOARD (`sync-clipboard`).
    case arrived

    /// The hook that runs for the event: `on-capture`, or `on-copy` (the feedback hook) for a copy,
    /// a paste, typing or a sync failure.
    var hookName: String { self == .capture ? "on-capture" : "on-copy" }

    /// The summary line of the notify-send feedback.
    var notificationTitle: String {
        switch self {
        case .copy: "Copied"
        case .paste: "Pasted"
        case .type: "Typed"
        case .capture: "Captured"
        case .syncFailed: "Sync failed"
        case .arrived: "Copied on another device"
        }
    }
}
