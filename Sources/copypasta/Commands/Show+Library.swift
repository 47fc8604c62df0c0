import CopypastaCore
import CopypastaStore

extension Copypasta.Show {
    /// The library fields `show` prints before the text of an item that carries a URL or a file
    /// (copypasta(1) `show`): `kind`, `url`, `archive` (its status, `missing` when the archive's
    /// folder is gone, with the failure's reason in parentheses), `page title`, `author`,
    /// `published`, and `file` with its name and size; then an empty line. Nil for an entry
    /// without either, whose text alone is printed byte for byte.
    static func libraryHeader(_ entry: Entry) -> String? {
        guard entry.link != nil || entry.file != nil else { return nil }
        var lines = ["kind: \(entry.kind.rawValue)"]
        if let link = entry.link {
            lines.append("url: \(link.url)")
            let status = entry.payloadMissing && link.folder != nil ? "missing" : link.status.rawValue
            lines.append("archive: \(status)" + (link.reason.map { " (\($0))" } ?? ""))
            if let value = link.pageTitle { lines.append("page title: \(value)") }
            if let value = link.author { lines.append("author: \(value)") }
            if let value = link.published { lines.append("published: \(value)") }
        }
        if let file = entry.file {
            let missing = entry.payloadMissing && entry.link?.folder == nil ? ", missing" : ""
            lines.append("file: \(file.name) (\(file.size) bytes\(missing))")
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
