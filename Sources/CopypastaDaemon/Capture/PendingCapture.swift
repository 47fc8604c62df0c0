import CopypastaCore
import CopypastaX11

/// A converted text on its way into the database, kept in memory while the database is busy
/// (another process holds the write lock longer than the daemon's short busy timeout).
struct PendingCapture {
    /// The text.
    var text: String
    /// The read that produced it: selection, owner, change time and application.
    var read: SelectionRead
    /// The PRIMARY entry this text supersedes, if any.
    var replacing: Int64?
    /// Whether no newer read of the selection was stored before this one.
    var isNewest: Bool

    /// The selection it came from.
    var selection: Config.Selection { read.selection }
    /// The owner's application, if known.
    var app: String? { read.app }
}
