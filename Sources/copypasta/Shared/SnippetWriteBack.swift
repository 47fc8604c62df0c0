import CopypastaCore
import CopypastaStore
import Glibc

/// Commands that change a snippet read from `snippet-dir` change its file too (docs/DESIGN.md
/// "Snippets as files"): `name` renames the file, `delete` removes it. The database changes
/// first, so the daemon's watcher finds its rows already in step and reads nothing.
enum SnippetWriteBack {
    /// Names entry `id` `title` (nil: `--clear`). A file snippet's file is renamed to the title,
    /// keeping its folder and its `.txt`/`.md` extension; `--clear` is refused for one, whose
    /// title is its file's name.
    static func name(_ store: HistoryStore, config: Config, id: Int64, title: String?) throws {
        guard let root = config.snippetDirPath(home: Environment.home), let old = try store.snippetFilePath(id: id) else {
            try store.setTitle(id: id, title)
            return
        }
        guard let title else {
            throw CoreError.data(
                "entry \(id) is the snippet of the file \(old) in snippet-dir; rename or remove that file instead")
        }
        let oldTitle = try store.entry(id: id).title ?? title
        let path = renamed(old, to: title)
        guard path != old else {
            try store.setTitle(id: id, title)
            return
        }
        var stats = stat()
        guard lstat(root + "/" + path, &stats) != 0 else {
            throw CoreError.data("\(path) already exists in snippet-dir; nothing was changed")
        }
        try store.relinkSnippetFile(id: id, title: title, path: path)
        guard rename(root + "/" + old, root + "/" + path) == 0 else {
            let problem = String(cString: strerror(errno))
            try store.relinkSnippetFile(id: id, title: oldTitle, path: old)
            throw CoreError.permission("cannot rename \(old) to \(path) in snippet-dir: \(problem); nothing was changed")
        }
    }

    /// The paths of the file snippets among `ids`, read before they are deleted.
    static func paths(_ store: HistoryStore, ids: [Int64]) throws -> [String] {
        try ids.compactMap { id throws(StoreError) in try store.snippetFilePath(id: id) }
    }

    /// After `ids` were deleted or trashed: drops their links and removes their files, so the
    /// snippets do not come back from the directory.
    static func removeFiles(_ store: HistoryStore, config: Config, ids: [Int64], paths: [String]) throws {
        guard !paths.isEmpty, let root = config.snippetDirPath(home: Environment.home) else { return }
        _ = try store.detachSnippetFiles(ids: ids)
        for path in paths where unlink(root + "/" + path) != 0 && errno != ENOENT {
            let problem = String(cString: strerror(errno))
            throw CoreError.permission("cannot remove \(path) from snippet-dir: \(problem)")
        }
    }

    /// `dir/old.txt` named `title` is `dir/title.txt`.
    static func renamed(_ path: String, to title: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let suffix = [".txt", ".md"].first { name.count > $0.count && name.lowercased().hasSuffix($0) }
        return folder + title + (suffix.map { String(name.suffix($0.count)) } ?? "")
    }
}
