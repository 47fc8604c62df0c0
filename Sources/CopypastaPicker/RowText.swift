import CopypastaCore

/// The texts of one picker row (copypasta(1) pick): the one-line preview and the side columns.
public enum RowText {
    /// The most characters of a preview line; the row ellipsizes what does not fit its width.
    public static let previewCharacters = 240

    /// The one-line preview: newlines as ↵, tabs as ⇥, other control characters left out;
    /// a secure entry shows a lock and no text; a document its file's name, then its title.
    public static func preview(_ entry: Entry) -> String {
        if entry.secure { return "🔒" }
        let title = entry.title.map { "【\($0)】 " } ?? ""
        let text = line(entry.previewSource)
        guard let file = entry.file, entry.kind == .document else { return title + text }
        return title + line(file.name) + (text.isEmpty || text == file.name ? "" : " · " + text)
    }

    /// The kind column of a link row: its archive status after the word, none shows the word alone.
    public static func link(_ status: ArchiveStatus) -> String {
        switch status {
        case ArchiveStatus.none: "link"
        case .pending: "link pending"
        case .full: "link archived"
        case .partial: "link partial"
        case .failed: "link failed"
        }
    }

    /// `text` on one line with visible newlines and tabs, at most `previewCharacters` characters.
    public static func line(_ text: String, limit: Int = previewCharacters) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < limit else { break }
            switch scalar {
            case "\n": out.unicodeScalars.append("↵")
            case "\t": out.unicodeScalars.append("⇥")
            case "\r": continue
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }

    /// The age of a capture time at `now`: `42s`, `5m`, `3h`, `2d`, `6w`, `1y`.
    public static func age(_ captured: Timestamp, now: Timestamp) -> String {
        let seconds = max(0, (now.microseconds - captured.microseconds) / 1_000_000)
        let units: [(Int64, String)] = [(31_536_000, "y"), (604_800, "w"), (86_400, "d"), (3600, "h"), (60, "m")]
        for (size, name) in units where seconds >= size { return "\(seconds / size)\(name)" }
        return "\(seconds)s"
    }

    /// The right-hand column: marks, kind (a link with its archive status; `not synced` after a
    /// link or document whose payload stayed on another machine), tags and collections, sync
    /// badge and age.
    public static func details(_ entry: Entry, now: Timestamp, syncOn: Bool) -> String {
        var parts: [String] = []
        if entry.title != nil {
            parts.append("snippet")
        } else if entry.pinned {
            parts.append("pinned")
        }
        // A payload that stayed on another machine (over its sync-max-file-size) says so.
        if entry.kind == .link {
            parts.append(entry.link?.notSynced == true ? "link not synced" : link(entry.link?.status ?? ArchiveStatus.none))
        }
        if entry.kind == .document { parts.append(entry.file?.notSynced == true ? "document not synced" : "document") }
        if !entry.tags.isEmpty { parts.append(entry.tags.map { "#" + $0 }.joined(separator: " ")) }
        if syncOn { parts.append(entry.sync.rawValue.prefix(1).uppercased() + entry.sync.rawValue.dropFirst()) }
        parts.append(age(entry.capturedAt, now: now))
        return parts.joined(separator: "  ")
    }
}
