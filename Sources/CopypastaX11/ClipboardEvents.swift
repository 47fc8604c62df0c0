import CX11
import CopypastaCore

/// One owner of a selection, for comparing owners outside this module: its X window id and the
/// selection timestamp of the change that made it the owner. X reuses the window ids of closed
/// clients, so the window alone may name an earlier owner (docs/DESIGN.md §3).
public struct OwnerID: Hashable, Sendable, CustomStringConvertible {
    /// The X window id.
    let window: UInt
    /// The selection timestamp of the owner change (XFixes); 0 for an owner found at start-up.
    var since: UInt = 0

    /// The id in hexadecimal, as xprop and xwininfo print it.
    public var description: String { "0x" + String(window, radix: 16) }

    /// Whether both owner changes came from one window, whatever their times: xterm takes the
    /// selection again at each click of a double or triple click (the grow merge,
    /// `CapturePolicy.mergeable`). Only meaningful while that window lives: X reuses the ids of
    /// closed windows.
    public func isSameWindow(as other: OwnerID) -> Bool { window == other.window }
}

/// Identifies one read of a selection; later reads have larger ids.
public struct ReadID: Hashable, Comparable, Sendable {
    /// Increasing per connection.
    let value: Int

    /// Orders reads by when they started.
    public static func < (lhs: ReadID, rhs: ReadID) -> Bool { lhs.value < rhs.value }
}

/// What an XFixes selection event reports.
public struct OwnerChange: Sendable {
    /// Why the owner changed.
    public enum Kind: Sendable {
        /// A client took ownership (possibly ourselves).
        case newOwner
        /// The owner set the selection to None.
        case cleared
        /// The owner's window was destroyed or its client closed.
        case ownerGone
    }

    /// The selection.
    public var selection: Config.Selection
    /// What happened.
    public var kind: Kind
    /// The new owner, nil when there is none.
    public var owner: OwnerID?
    /// True when the new owner is copypasta's own window.
    public var isOurs: Bool
    /// The selection timestamp of the change, used in the conversion (ICCCM §2.4).
    let time: Time
}

/// Callbacks from the X layer to the daemon; all run on the event-loop thread.
public protocol ClipboardDelegate: AnyObject {
    /// The owner of a watched selection changed.
    func ownerChanged(_ change: OwnerChange)
    /// The owner answered TARGETS for `read`, whose application is now known; a reason ends the
    /// read (reported through `readFinished`) before any text is fetched.
    func check(_ read: SelectionRead, targets: [String]) -> SkipReason?
    /// `read` ended, with the selection's decoded text or skipped; called exactly once per read.
    func readFinished(_ read: SelectionRead, outcome: ReadOutcome)
    /// Another client took a selection we owned.
    func ownershipLost(selection: Config.Selection)
    /// copypasta, as the clipboard manager, carried out an exiting application's SAVE_TARGETS and
    /// has already answered it. Runs after the reply, so slow work fits here.
    func clipboardSaved(_ report: SaveReport)
}

extension ClipboardDelegate {
    /// Delegates of a connection that never holds the clipboard-manager role (the background
    /// server) have nothing to do with a save.
    public func clipboardSaved(_ report: SaveReport) {}
}
