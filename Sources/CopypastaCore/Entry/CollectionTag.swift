/// Collections are tags named `collection:NAME`: an entry may be in several, and every tag
/// command works on them. Names keep their casing and match case-insensitively, as tags do.
public enum CollectionTag {
    /// The prefix that makes a tag a collection.
    public static let prefix = "collection:"

    /// The tag that puts an entry in collection `name`.
    public static func tag(_ name: String) -> String { prefix + name }

    /// The collection a tag puts its entries in, or nil for a plain tag.
    public static func name(ofTag tag: String) -> String? {
        guard tag.count > prefix.count, tag.lowercased().hasPrefix(prefix) else { return nil }
        return String(tag.dropFirst(prefix.count))
    }
}
