/// The two kinds of file a device writes into its sync directory (docs/DESIGN.md §14.1).
public enum SyncFileKind: String, Sendable, CaseIterable {
    /// `s-<seq>.cps`: the records of one flush.
    case segment
    /// `p-<seq>.cps`: the device's whole state, covering its segments up to seq.
    case pack
}
