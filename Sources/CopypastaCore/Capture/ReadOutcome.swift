/// How one read of a selection ended: with the owner's text, or skipped for a reason.
public enum ReadOutcome: Equatable, Sendable {
    /// The decoded text; `repaired` when invalid UTF-8 was replaced with U+FFFD.
    case text(String, repaired: Bool)
    /// No text to store, and why.
    case skipped(SkipReason)
}
