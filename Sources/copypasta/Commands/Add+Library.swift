import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta.Add {
    /// Whether a text added by hand is one URL a link archive can fetch (http or https): it then
    /// becomes a link item, as `add --url` makes one.
    static func isArchivable(_ text: String) -> Bool {
        guard EntryKind.of(text) == .link else { return false }
        let lower = text.drop { $0.isWhitespace }.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// `add --url` and `add --file`: a link item, a document, or a document that also carries a
    /// URL. TEXT, when given, is the item's text (`add --comment` gives one); the id is printed
    /// inside the transaction, as for a text.
    func runLibrary(config: Config) throws {
        for tag in tags {
            if let problem = TagName.problem(tag) { throw CoreError.data("\(problem); nothing was stored") }
        }
        if secure || name != nil || pin && file != nil {
            throw ValidationError("--url and --file make library items; --secure, --name and --pin go with texts")
        }
        let archive = config.library.archiveLinks != .off
        guard let id = try global.changeHistory({ store, _ in try addItem(to: store, config: config) }) else { return }
        // The kick also wakes ai-auto, which runs on new library items.
        if (archive && url != nil) || config.ai.auto != .off { ArchiveKick.send(global) }
        if copy { try Restore.entry(id, selections: target.selections, global: global, secret: secret) }
    }

    /// Stores the library item, printing its id inside the transaction; nil when there is none to store.
    private func addItem(to store: HistoryStore, config: Config) throws -> Int64? {
        let archive = config.library.archiveLinks != .off
        let print: (Int64) throws -> Void = { id in
            Output.standard.write("\(id)\n")
            try Output.standard.flushOrThrow()
        }
        let id: Int64
        if let file {
            let copied = try store.payloads.copyIn(from: file, maxBytes: Int64(config.library.maxFileBytes))
            let path = store.payloads.path(.documents, copied.folder) + "/" + copied.name
            let body = DocumentExtraction.text(path: path, name: copied.name)
            id = try store.addDocument(
                copied, title: title ?? copied.name, text: text, body: body, tags: tags, at: .now(),
                maxEntries: config.maxEntries,
                syncLocal: localOnly, confirm: url == nil ? print : { _ in })
            if let url {
                try store.attachLink(id: id, url: url, archive: archive)
                try print(id)
            }
        } else if let url, let text {
            guard
                let added = try store.add(
                    text, at: .now(), policy: config.duplicates, maxEntries: config.maxEntries, tags: tags,
                    syncLocal: localOnly || config.syncExcluded(text: text, app: nil)
                ).id
            else { throw CoreError.data("nothing was stored") }
            id = added
            try store.attachLink(id: id, url: url, archive: archive)
            try store.setBody(id: id, source: .title, text: [title, url].compactMap { $0 }.joined(separator: "\n"))
            try print(id)
        } else if let url {
            id = try store.addLink(
                url: url, title: title, tags: tags, archive: archive, at: .now(), policy: config.duplicates,
                maxEntries: config.maxEntries, syncLocal: localOnly, confirm: print)
            if let title { try store.setBody(id: id, source: .title, text: title) }
        } else {
            return nil
        }
        return id
    }
}
