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
    /// The text is white space only and `keep-blank` is off.
    case blank
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
    /// While the text was on its way, an owner whose copies are never kept (ignore-apps, the
    /// password hint) took the selection: the text may be that owner's (docs/DESIGN.md §5).
    case overtakenBySkippedOwner
    /// The owner's reply could not be used.
    case invalidReply(InvalidReply)

    /// How an owner's reply was unusable.
    public enum InvalidReply: Equatable, Sendable {
        /// The TARGETS reply was not a list of atoms.
        case unusableTargets
        /// The converted text could not be read from the property.
        case unreadableText
        /// The INCR header (the announced size) could not be read.
        case unreadableIncrHeader
        /// An INCR chunk could not be read.
        case unreadableChunk
        /// An INCR chunk was not of format 8.
        case chunkFormat(Int)
        /// The reply was of a type (or format) that is not text.
        case notText(type: String, format: Int)
    }

    /// Whether the owner itself asked not to be kept (ignore-apps or the password hint), as
    /// opposed to a text or a transfer that could not be kept.
    public var isOwnerSkipped: Bool {
        switch self {
        case .passwordHint, .ignoredApp: true
        default: false
        }
    }

    /// The reason as logged.
    public var description: String {
        switch self {
        case .passwordHint: "password manager hint"
        case let .ignoredApp(app): "ignored app \(app)"
        case .notText: "no text target"
        case .empty: "empty text"
        case .blank: "white space only (keep-blank is off)"
        case let .tooLarge(bytes): "larger than max-bytes (\(bytes) bytes or more)"
        case let .ignoredPattern(pattern): "matches ignore-patterns \(pattern)"
        case .paused: "paused"
        case let .timedOut(phase, milliseconds): "owner did not send \(phase.awaited) within \(milliseconds) ms"
        case let .ownerGone(phase):
            phase == .incremental ? "owner went away during the INCR transfer" : "owner went away before it sent \(phase.awaited)"
        case .refused: "owner refused the conversion"
        case .superseded: "superseded by a newer copy"
        case .supersededPartial: "superseded partial selection"
        case .tooManyReads: "too many conversions at once"
        case .overtakenBySkippedOwner: "an ignored owner took the selection while it was read"
        case .invalidReply(.unusableTargets): "owner sent an unusable TARGETS list"
        case .invalidReply(.unreadableText): "cannot read the converted text"
        case .invalidReply(.unreadableIncrHeader): "cannot read the INCR header"
        case .invalidReply(.unreadableChunk): "cannot read an INCR chunk"
        case let .invalidReply(.chunkFormat(format)): "owner sent INCR chunks of format \(format)"
        case let .invalidReply(.notText(type, format)): "owner sent type \(type) with format \(format) instead of text"
        }
    }
}
