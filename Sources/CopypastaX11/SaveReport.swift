import CopypastaCore

/// What a clipboard save (SAVE_TARGETS) came to, reported after the application has its answer.
public struct SaveReport: Sendable {
    /// The save as a read of CLIPBOARD from the exiting owner, with its application.
    public let read: SelectionRead
    /// The text among the saved targets, nil when there was none.
    public let text: String?
    /// Whether invalid UTF-8 in the text was replaced.
    public let repaired: Bool
    /// The names of the targets saved.
    public let targets: [String]
    /// The names of the targets left out for their size.
    public let overCap: [String]
    /// Whether the watchdog ended the save because the application stopped answering.
    public let stalled: Bool
    /// Why the save was refused before any data was fetched (the capture rules), if it was.
    public let refusal: SkipReason?
    /// Whether copypasta now owns CLIPBOARD with the saved targets.
    public let taken: Bool
}
