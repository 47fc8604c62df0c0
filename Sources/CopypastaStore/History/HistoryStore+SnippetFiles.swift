import CopypastaCore

/// Snippets as files (`snippet-dir`, docs/DESIGN.md "Snippets as files"): each file of the
/// directory is a named entry, linked to its path in `snippet_file` (Schema.swift). The daemon
/// reads the files; these functions keep the rows in step with what it read.
extension HistoryStore {
    /// The stamp recorded for the file at `path` (relative to the directory), or nil when no
    /// entry is linked to it.
    public func snippetFileStamp(path: String) throws(StoreError) -> String? {
        try database.scalarText("SELECT stamp FROM snippet_file WHERE path = ?", path)
    }

    /// Every linked path, for a reconcile: a path linked but no longer listed lost its file.
    public func snippetFilePaths() throws(StoreError) -> [String] {
        try database.with("SELECT path FROM snippet_file ORDER BY path") { row throws(StoreError) in
            var paths: [String] = []
            while try row.step() { if let path = row.text(0) { paths.append(path) } }
            return paths
        }
    }

    /// The file at `path` now holds `text`: its snippet is `title`, pinned, with `tags`. An
    /// unchanged stamp does nothing; a changed file replaces the entry it had (deleted for good,
    /// so its title is free) by a new one. A title that an entry not from this file holds is
    /// `titleTaken`, and nothing changes. Returns the entry's id.
    @discardableResult
    public func storeSnippetFile(
        path: String, stamp: String, text: String, title: String, tags: [String], at time: Timestamp
    ) throws -> Int64 {
        let linked = try database.scalarInt("SELECT entry_id FROM snippet_file WHERE path = ?", path)
        if let linked, try snippetFileStamp(path: path) == stamp { return linked }
        if let other = try database.scalarInt("SELECT id FROM entry WHERE title = ? COLLATE NOCASE", title), other != linked {
            throw StoreError.titleTaken(title, other)
        }
        if let linked { try delete(ids: [linked]) }
        // `keep`: a file's snippet is its own row, even when the history holds the same text; no
        // retention runs for it (maxEntries 0), a snippet being pinned.
        let outcome = try add(text, at: time, policy: .keep, maxEntries: 0, pinned: true, tags: tags, title: title) {
            id in
            try self.database.run(
                "INSERT INTO snippet_file (path, entry_id, stamp) VALUES (?, ?, ?) ON CONFLICT (path) DO UPDATE SET entry_id = excluded.entry_id, stamp = excluded.stamp",
                path, id, stamp)
        }
        guard let id = outcome.id else { throw StoreError.invalid("the snippet file \(path) was not stored") }
        return id
    }

    /// The file at `path` went away: its entry goes to the trash without its title (so a new
    /// file may take the name at once) and the link is dropped. Returns the entry's id, or nil
    /// when no entry was linked to the path.
    @discardableResult
    public func removeSnippetFile(path: String, at time: Timestamp) throws(StoreError) -> Int64? {
        guard let id = try database.scalarInt("SELECT entry_id FROM snippet_file WHERE path = ?", path) else { return nil }
        try database.transaction { () throws(StoreError) in
            try touchSync([.title], where: "id = ? AND title IS NOT NULL", [id])
            try database.run("UPDATE entry SET title = NULL WHERE id = ?", id)
            try database.run("DELETE FROM snippet_file WHERE path = ?", path)
        }
        if try database.scalarInt("SELECT 1 FROM entry WHERE id = ? AND trashed_at IS NULL", id) != nil {
            try trash(ids: [id], at: time)
        }
        return id
    }

    /// The path of the file entry `id` came from, or nil for a snippet that lives in the database only.
    public func snippetFilePath(id: Int64) throws(StoreError) -> String? {
        try database.scalarText("SELECT path FROM snippet_file WHERE entry_id = ?", id)
    }

    /// Renames a file snippet in the database: its title and its link move to `path` together,
    /// before the command renames the file, so the daemon finds the new path already linked with
    /// the same stamp (a rename keeps size, times and inode) and reads nothing.
    public func relinkSnippetFile(id: Int64, title: String, path: String) throws(StoreError) {
        try Self.validate(title: title)
        try database.transaction { () throws(StoreError) in
            try requireExisting([id], trashed: false)
            try name(id: id, title)
            try database.run("UPDATE snippet_file SET path = ? WHERE entry_id = ?", path, id)
        }
    }

    /// Drops the links of `ids` and the titles of those in the trash (a file of the same name
    /// may come back as a new snippet); returns the paths, for the command to remove the files
    /// after the entries were deleted.
    public func detachSnippetFiles(ids: [Int64]) throws(StoreError) -> [String] {
        var paths: [String] = []
        try database.transaction { () throws(StoreError) in
            for id in ids {
                guard let path = try snippetFilePath(id: id) else { continue }
                paths.append(path)
                try touchSync([.title], where: "id = ? AND title IS NOT NULL AND trashed_at IS NOT NULL", [id])
                try database.run("UPDATE entry SET title = NULL WHERE id = ? AND trashed_at IS NOT NULL", id)
                try database.run("DELETE FROM snippet_file WHERE entry_id = ?", id)
            }
        }
        return paths
    }
}
