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
    /// simply there (`pending`, `partial`, `failed`, `missing`, `not synced (size)`), a file the
    /// item carries besides its text, or a document whose copy is gone or stayed on another
    /// machine. Nil for everything else.
    public var libraryMarker: String? {
        if let link, let state = archiveState, link.status != .none, state != ArchiveStatus.full.rawValue {
            return "archive: " + state
        }
        if let file {
            if let state = fileState { return "file: " + state }
            if kind != .document { return "file: " + file.name }
        }
        return nil
    }

    /// A payload kept on the other machine because it is over `sync-max-file-size`.
    public static let notSyncedSize = "not synced (size)"

    /// The archive's state as `show`, listings and the picker say it: `not synced (size)` when
    /// it stayed on the machine that made it (over its `sync-max-file-size`), `missing` when its
    /// folder is gone from here, else the status. Nil without a link.
    public var archiveState: String? {
        guard let link else { return nil }
        if link.notSynced { return Self.notSyncedSize }
        return payloadMissing && link.folder != nil ? "missing" : link.status.rawValue
    }

    /// The file's state when its copy is not here: `not synced (size)` (it stayed on the machine
    /// that added it) or `missing` (it vanished from this machine); nil when it is here.
    public var fileState: String? {
        guard let file else { return nil }
        if file.notSynced { return Self.notSyncedSize }
        return payloadMissing && link?.folder == nil ? "missing" : nil
    }
}
