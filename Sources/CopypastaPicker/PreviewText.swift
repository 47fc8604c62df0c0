import CopypastaCore

/// The preview pane's content for one entry: the text in full up to a cap, and a line of metadata.
struct PreviewText {
    /// The most characters shown; the rest is noted as cut (a 100 MB entry is never laid out).
    static let cap = 20_000

    /// The entry's id.
    let id: Int64
    /// The text as shown, with a note at the end when it was cut.
    let body: String
    /// Captured time, source app, kind, file name, archive status, tags and title.
    let meta: String

    /// The preview of `entry`, whose `text` is loaded (nil for a secure entry).
    init(_ entry: Entry) {
        id = entry.id
        if entry.secure {
            body = "🔒 secure entry: the text is shown only after copying"
        } else {
            let text = entry.text ?? entry.previewSource
            let characters = text.unicodeScalars.count
            if characters > Self.cap {
                var scalars = String.UnicodeScalarView()
                scalars.append(contentsOf: text.unicodeScalars.prefix(Self.cap))
                body = String(scalars) + "\n\n[… cut: showing \(Self.cap) of \(characters) characters]"
            } else {
                body = text
            }
        }
        var parts = [entry.capturedAt.iso8601]
        if let app = entry.sourceApp { parts.append("from \(app)") }
        parts.append(entry.kind.rawValue)
        if let file = entry.file { parts.append("file: \(file.name)" + (file.notSynced ? " (\(Entry.notSyncedSize))" : "")) }
        if let link = entry.link, link.status != ArchiveStatus.none {
            let state = link.notSynced ? Entry.notSyncedSize : link.status.rawValue
            parts.append("archive: \(state)" + (link.reason.map { " (\($0))" } ?? ""))
        }
        if let title = entry.title { parts.append("title: \(title)") }
        if !entry.tags.isEmpty { parts.append("tags: " + entry.tags.joined(separator: ", ")) }
        parts.append(HumanFormat.bytes(entry.bytes))
        meta = parts.joined(separator: " · ")
    }
}

/// One item of the right-click menu; each is also a key.
enum MenuAction: CaseIterable {
    case copy, paste, type, pin, tags, delete

    /// The item's text with its key.
    var label: String {
        switch self {
        case .copy: "Copy  (Enter)"
        case .paste: "Paste  (Shift+Enter)"
        case .type: "Type  (Ctrl+Enter)"
        case .pin: "Pin / unpin  (Ctrl+P)"
        case .tags: "Edit tags  (Ctrl+T)"
        case .delete: "Move to trash  (Delete)"
        }
    }
}
