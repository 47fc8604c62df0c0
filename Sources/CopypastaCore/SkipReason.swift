/// Why a read of a selection ended without a stored text. The log line is derived from the
/// reason; the text itself is never logged.
public enum SkipReason: Equatable, Sendable, CustomStringConvertible {
    /// The owner offers x-kde-passwordManagerHint.
    case passwordHint
    /// The owner's application is in ignore-apps.
    case ignoredApp(String)
    /// The owner offers no text target.
    case notText
    /// The text is empty.
    case empty
    /// The text exceeds max-bytes (at least this many bytes).
    case tooLarge(Int)
    /// The text matches an ignore-patterns expression.
    case ignoredPattern(String)
    /// Capture is paused.
    case paused
    /// The owner did not answer within the conversion timeout (milliseconds) in this phase.
    case timedOut(ReadPhase, milliseconds: Int)
    /// The owner's window was destroyed or its client closed in this phase.
    case ownerGone(ReadPhase)
    /// The owner refused to convert the text.
    case refused
    /// A newer copy of the same selection replaced this read before the owner sent TARGETS.
    case superseded
    /// An intermediate state of a PRIMARY drag that finished after a later state was stored.
    case supersededPartial
    /// All conversion properties were busy; the oldest read gave way.
    case tooManyReads
    /// The owner's reply could not be used; the detail says how it was wrong.
    case invalidReply(String)

    /// The reason as logged.
    public var description: String {
        switch self {
        case .passwordHint: "password manager hint"
        case let .ignoredApp(app): "ignored app \(app)"
        case .notText: "no text target"
        case .empty: "empty text"
        case let .tooLarge(bytes): "larger than max-bytes (\(bytes) bytes or more)"
        case let .ignoredPattern(pattern): "matches ignore-patterns \(pattern)"
        case .paused: "paused"
        case let .timedOut(phase, milliseconds): "owner did not send \(phase.awaited) within \(milliseconds) ms"
        case let .ownerGone(phase): phase == .incremental ? "owner went away during the INCR transfer" : "owner went away before it sent \(phase.awaited)"
        case .refused: "owner refused the conversion"
        case .superseded: "superseded by a newer copy"
        case .supersededPartial: "superseded partial selection"
        case .tooManyReads: "too many conversions at once"
        case let .invalidReply(detail): detail
        }
    }
}
