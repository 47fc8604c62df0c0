import CopypastaCore

/// One read of a selection, from the owner change to its outcome: the only record of it, kept
/// by the conversion that performs it and handed to the delegate with each callback.
public struct SelectionRead: Sendable {
    /// Orders reads by when they started.
    public let id: ReadID
    /// The selection read.
    public let selection: Config.Selection
    /// The window that owned the selection when the read started.
    public let owner: OwnerID
    /// When the selection changed (when the read started), the time the entry is stored with.
    public let changedAt: Timestamp
    /// The owner's application names (WM_CLASS instance and class, or the process name), found
    /// when the owner answers TARGETS; empty before that or when nothing names it.
    public internal(set) var classNames: [String]

    /// The owner's application as stored with the entry: the class name, else the process name.
    public var app: String? { classNames.last }
}
