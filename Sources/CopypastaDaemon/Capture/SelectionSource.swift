import CopypastaCore
import CopypastaX11

/// What the capture policy needs from the X connection, and nothing more: the seam that lets
/// the policy run against a fake in unit tests while the real connection (`X11Display`) is
/// exercised by the integration tests under Xvfb.
///
/// A read started here ends later with exactly one `ClipboardDelegate.readFinished` call on
/// the policy, carrying the read's change time and owner application.
protocol SelectionSource: AnyObject {
    /// The current owner of `selection`, nil when there is none.
    func owner(of selection: Config.Selection) -> OwnerID?
    /// True while a mouse button or Shift is held: a PRIMARY selection may still be growing.
    func selectionGestureInProgress() -> Bool
    /// Starts reading the selection after the owner change `change`; nil when there is nothing to read.
    @discardableResult
    func read(_ change: OwnerChange, maxBytes: Int, timeout: Double) -> ReadID?
    /// Starts reading what `selection` holds now (at start-up); nil when nobody else owns it.
    @discardableResult
    func readCurrent(_ selection: Config.Selection, maxBytes: Int, timeout: Double) -> ReadID?
    /// Owns `selections` and serves `text` on them (keep-alive), with the password hint when it is
    /// `secret`; throws when the server does not confirm it.
    func own(_ selections: [Config.Selection], text: String, secret: Bool) throws
}

extension X11Display: SelectionSource {}
