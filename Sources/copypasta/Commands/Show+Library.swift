import CopypastaCore
import CopypastaStore

extension Copypasta.Show {
    /// The library fields `show` prints before the text of an item that carries a URL or a file
    /// (copypasta(1) `show`): `kind`, `url`, `archive` (its status, `missing` when the archive's
    /// folder is gone, `not synced (size)` when it stayed on another machine, with the failure's
    /// reason in parentheses), `page title`, `author`, `published`, and `file` with its name and
    /// size (and `missing` or `not synced (size)`); then an empty line. Nil for an entry
    /// without either, whose text alone is printed byte for byte.
    static func libraryHeader(_ entry: Entry) -> String? {
        guard entry.link != nil || entry.file != nil else { return nil }
        var lines = ["kind: \(entry.kind.rawValue)"]
        if let link = entry.link {
            lines.append("url: \(link.url)")
            lines.append("archive: \(entry.archiveState ?? "")" + (link.reason.map { " (\($0))" } ?? ""))
            if let value = link.pageTitle { lines.append("page title: \(value)") }
            if let value = link.author { lines.append("author: \(value)") }
            if let value = link.published { lines.append("published: \(value)") }
        }
        if let file = entry.file {
            lines.append("file: \(file.name) (\(file.size) bytes\(entry.fileState.map { ", " + $0 } ?? ""))")
        }
        return lines.map { Visible.message($0, limit: 4096) + "\n" }.joined() + "\n"
    }

    /// `show --json`: the entry as one JSON line, as `list --json` prints it, library fields and
    /// AI results included.
    static func printJSON(_ store: HistoryStore, id: Int64) throws {
        var entry = try store.entry(id: id)
        entry.ai = try? store.aiResult(id: id)
        var bytes: [UInt8] = []
        JSONLines.appendLine(entry, to: &bytes)
        Output.standard.write(bytes)
        Output.standard.flush()
    }
}
