/// The rule for tag names, shared by `add --tag`, `tag`, `import` and the store.
///
/// Tags are single words so that `tag:NAME` in a search can name them.
public enum TagName {
    /// The most characters a tag may have.
    public static let maximumCharacters = 64

    /// Why `tag` cannot be a tag, or nil when it can.
    ///
    /// A bare `collection:` would be a collection without a name: `collections` could not list
    /// it and `collection:` in a search refuses it, so it is refused here too.
    public static func problem(_ tag: String) -> String? {
        if tag.lowercased() == CollectionTag.prefix {
            return "bad collection '': a collection name is 1 or more characters without spaces"
        }
        let valid =
            !tag.isEmpty && tag.count <= maximumCharacters
            && !tag.contains(where: {
                $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control }
            })
        return valid ? nil : "bad tag \(Visible.quoted(tag, limit: 20)): a tag is 1 to 64 characters without spaces"
    }
}
