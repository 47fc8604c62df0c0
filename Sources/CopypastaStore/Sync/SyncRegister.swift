/// One register of an entry that sync merges on its own (docs/DESIGN.md §14.3), named by the
/// column that holds its clock.
enum SyncRegister: String {
    /// Existence, with the capture time, source and application of the last copy.
    case exists = "exists_at"
    /// The pin.
    case pinned = "pinned_at"
    /// The snippet title.
    case title = "title_at"
    /// The tags.
    case tags = "tags_at"
}
