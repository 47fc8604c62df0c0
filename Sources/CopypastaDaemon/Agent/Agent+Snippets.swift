import Glibc

extension Agent {
    /// Starts, stops or keeps watching `snippet-dir` after a start or a reload: a new directory
    /// is listed and reconciled at once (docs/DESIGN.md "Snippets as files").
    func applySnippetDir() {
        let home = getenv("HOME").map { String(cString: $0) } ?? "/"
        let wanted = config.snippetDirPath(home: home)
        if let current = snippetFolder, let wanted, SnippetWatcher.trimmed(wanted) == current.root {
            current.maxBytes = config.maxBytes
            return
        }
        if let current = snippetFolder {
            loop.sources.removeAll { $0 === current }
            slices.remove(current)
            snippetFolder = nil
        }
        guard let wanted,
            let folder = SnippetFolder(root: wanted, store: store, slices: slices, maxBytes: config.maxBytes, logger: logger)
        else { return }
        snippetFolder = folder
        loop.sources.append(folder)
        logger.info("snippets from the files of \(folder.root)")
        folder.reconcile()
    }
}
