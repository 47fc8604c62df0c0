/// The rule for tag names, shared by `add --tag`, `tag`, `import` and the store.
///
/// Tags are single words so that `tag:NAME` in a search can name them. Collection names
/// (`collection:NAME`) may hold spaces between words ("My recipes"): `collection:"My recipes"`
/// names them in a search, and `collections` lists them one per line.
public enum TagName {
    /// The most characters a tag may have.
    public static let maximumCharacters = 64

    /// Why `tag` cannot be a tag, or nil when it can.
    ///
    /// A bare `collection:` would be a collection without a name: `collections` could not list
    /// it and `collection:` in a search refuses it, so it is refused here too.
    public static func problem(_ tag: String) -> String? {
        if tag.lowercased() == CollectionTag.prefix {
            return "bad collection '': a collection name is 1 or more characters"
        }
        let control = tag.contains { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }
        guard !tag.isEmpty, tag.count <= maximumCharacters, !control else { return message(tag) }
        if let name = CollectionTag.name(ofTag: tag) {
            // Plain spaces between words only: a leading or trailing one could not be told apart
            // in `collections`, and a tab or newline would break its lines.
            let spaced = name.first == " " || name.last == " " || name.contains { $0.isWhitespace && $0 != " " }
            return spaced ? "bad collection \(Visible.quoted(name, limit: 20)): spaces may only separate words" : nil
        }
        return tag.contains(where: \.isWhitespace) ? message(tag) : nil
    }

    private static func message(_ tag: String) -> String {
        "bad tag \(Visible.quoted(tag, limit: 20)): a tag is 1 to 64 characters without spaces"
    }
}

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
