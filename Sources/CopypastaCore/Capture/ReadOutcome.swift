/// How one read of a selection ended: with the owner's text, or skipped for a reason.
public enum ReadOutcome: Equatable, Sendable {
    /// The decoded text; `repaired` when invalid UTF-8 was replaced with U+FFFD.
    case text(String, repaired: Bool)
    /// No text to store, and why.
    case skipped(SkipReason)
}

/// How far a read of a selection got: the owner is asked for its TARGETS, then for the text,
/// which may come in INCR chunks.
public enum ReadPhase: Equatable, Sendable {
    /// Waiting for the list of targets.
    case targets
    /// Waiting for the text.
    case text
    /// Receiving the text in INCR chunks.
    case incremental

    /// What the owner has yet to send in this phase, for the log.
    public var awaited: String {
        switch self {
        case .targets: "TARGETS"
        case .text: "the text"
        case .incremental: "the next INCR chunk"
        }
    }
}
