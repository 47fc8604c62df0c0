extension Entry {
    /// What a listing line (`list`, `search`, `find`, the `pick` menu) shows after the id: the
    /// preview, led by `@TITLE: ` for a snippet, so that typing its name in rofi or dmenu finds
    /// it. A secure entry shows `[secure]` followed by its `@TITLE` and `#tags`, which tell
    /// secure entries apart without any part of their text.
    public var listingPreview: String {
        if secure {
            let names = (title.map { ["@" + $0] } ?? []) + tags.map { "#" + $0 }
            return ([Self.securePreview] + names).joined(separator: " ")
        }
        guard let title else { return previewSource }
        return "@\(title): \(previewSource)"
    }
}
