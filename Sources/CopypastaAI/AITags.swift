import CopypastaCore

/// Cleans the tags a model suggests before anyone sees them (copypasta(1) ai tags).
///
/// A model may answer with junk: empty strings, 200 tags, control characters, sentences. What
/// survives is at most `maximumCount` tags of at most `maximumCharacters` characters that
/// `TagName` accepts, each once (any case). A tag the user already has keeps the user's
/// casing; a new tag is lower case, as most tag vocabularies are, a new collection keeps its casing.
public enum AITags {
    /// The most tags kept.
    public static let maximumCount = 12
    /// The longest tag kept, in characters; a longer suggestion is dropped, not cut.
    public static let maximumCharacters = 40

    /// The cleaned suggestions, in the model's order.
    public static func cleaned(_ suggestions: [String], existing: [String]) -> [String] {
        var known: [String: String] = [:]
        for tag in existing { known[tag.lowercased()] = known[tag.lowercased()] ?? tag }
        var result: [String] = []
        var seen = Set<String>()
        for suggestion in suggestions {
            guard let tag = normalized(suggestion) else { continue }
            let folded = tag.lowercased()
            guard !seen.contains(folded) else { continue }
            let chosen = known[folded] ?? (CollectionTag.name(ofTag: tag) == nil ? folded : tag)
            guard TagName.problem(chosen) == nil else { continue }
            seen.insert(folded)
            result.append(chosen)
            if result.count == maximumCount { break }
        }
        return result
    }

    /// One suggestion without control characters, a leading `#`, or surrounding spaces; words of
    /// a plain tag joined with `-` (a tag is one word), those of a collection name kept apart by
    /// single spaces. Nil when nothing usable is left.
    static func normalized(_ suggestion: String) -> String? {
        let visible = String(
            String.UnicodeScalarView(
                suggestion.unicodeScalars.filter {
                    $0.properties.generalCategory != .control && $0.properties.generalCategory != .format
                        && $0.properties.generalCategory != .lineSeparator
                        && $0.properties.generalCategory != .paragraphSeparator
                }))
        var words = visible.split(whereSeparator: \.isWhitespace).map(String.init)
        if let first = words.first, first.hasPrefix("#") {
            words[0] = String(first.drop(while: { $0 == "#" }))
        }
        words = words.filter { !$0.isEmpty }
        guard let first = words.first else { return nil }
        let tag: String
        if first.lowercased().hasPrefix(CollectionTag.prefix) {
            let name = ([String(first.dropFirst(CollectionTag.prefix.count))] + words.dropFirst()).filter { !$0.isEmpty }
            guard !name.isEmpty else { return nil }
            tag = CollectionTag.prefix + name.joined(separator: " ")
        } else {
            tag = words.joined(separator: "-")
        }
        return tag.count <= maximumCharacters ? tag : nil
    }
}
