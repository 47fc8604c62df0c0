/// How a `type` run ended.
public enum TypeOutcome: Equatable, Sendable {
    /// Every step was sent.
    case typed
    /// The input focus moved to another window after `sent` steps; typing stopped.
    case focusMoved(sent: Int)
    /// SIGINT or SIGTERM arrived after `sent` steps; typing stopped and the mapping was restored.
    case interrupted(signal: Int32, sent: Int)
}
