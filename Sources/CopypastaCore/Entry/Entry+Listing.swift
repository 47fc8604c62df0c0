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
        var preview = previewSource
        if let linkTitle = link?.displayTitle, kind == .link { preview = linkTitle + " \u{2014} " + preview }
        if let marker = libraryMarker { preview += " [" + marker + "]" }
        guard let title else { return preview }
        return "@\(title): \(preview)"
    }

    /// What a listing adds in brackets for a library item: the archive's state when it is not
    /// simply there (`pending`, `partial`, `failed`, `missing`), a file the item carries besides
    /// its text, or a document whose copy is gone. Nil for everything else.
    public var libraryMarker: String? {
        if let link, link.status != .none, link.status != .full || payloadMissing {
            return "archive: " + (payloadMissing && link.folder != nil ? "missing" : link.status.rawValue)
        }
        if let file {
            if payloadMissing { return "file: missing" }
            if kind != .document { return "file: " + file.name }
        }
        return nil
    }
}
