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

    /// The hook that runs for the event: `on-capture`, or `on-copy` for a copy, a paste or typing.
    var hookName: String { self == .capture ? "on-capture" : "on-copy" }
}
