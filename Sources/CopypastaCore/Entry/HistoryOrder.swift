/// The order of the history in `list` and the pickers (copypasta(1) CONFIGURATION, `order`).
public enum HistoryOrder: String, Sendable, CaseIterable {
    /// Newest stored first; a restore does not move an entry.
    case captured
    /// An entry restored by copy, pick, paste or type moves to the top, keeping its id and
    /// capture time.
    case used
}
