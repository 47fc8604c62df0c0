import CopypastaCore

/// Snippet titles. A named entry is a snippet: naming pins it (retention, max-age and `clear`
/// keep it), and `unpin` refuses a named entry until its title is cleared, so "named" always
/// implies "pinned" and every rule that spares pinned entries spares snippets too.
extension HistoryStore {
    /// Gives an entry of the history a title, or takes it away with nil (the pin stays).
    /// A title another entry has, in any case, is `titleTaken` naming that entry.
    public func setTitle(id: Int64, _ title: String?) throws(StoreError) {
        if let title { try Self.validate(title: title) }
        try database.transaction { () throws(StoreError) in
            try requireExisting([id], trashed: false)
            if let title {
                try name(id: id, title)
            } else {
                try touchSync([.title], where: "id = ? AND title IS NOT NULL", [id])
                try database.run("UPDATE entry SET title = NULL WHERE id = ?", id)
            }
        }
    }

    /// The entry named `title` (any case), in the history or the trash; `noSuchTitle` otherwise.
    public func id(forTitle title: String) throws(StoreError) -> Int64 {
        guard let id = try database.scalarInt("SELECT id FROM entry WHERE title = ? COLLATE NOCASE", title) else {
            throw .noSuchTitle(title)
        }
        return id
    }

    /// Names and pins an entry inside a running transaction.
    func name(id: Int64, _ title: String) throws(StoreError) {
        if let other = try database.scalarInt(
            "SELECT id FROM entry WHERE title = ? COLLATE NOCASE AND id != ?", title, id)
        {
            throw .titleTaken(title, other)
        }
        try touchSync([.title], where: "id = ? AND title IS NOT ?", [id, title])
        try touchSync([.pinned], where: "id = ? AND pinned = 0", [id])
        try database.run("UPDATE entry SET title = ?, pinned = 1 WHERE id = ?", title, id)
    }

    /// Throws when one of `ids` is named: a snippet stays pinned while it has a title.
    func requireUnnamed(_ ids: [Int64]) throws(StoreError) {
        for id in ids {
            if let title = try database.scalarText("SELECT title FROM entry WHERE id = ?", id) {
                throw .invalid("entry \(id) is the snippet @\(title) and stays pinned; 'copypasta name --clear \(id)' first")
            }
        }
    }

    /// Titles follow `SnippetTitle`'s rule, the one the command line checks before it writes.
    static func validate(title: String) throws(StoreError) {
        if let problem = SnippetTitle.problem(title) { throw StoreError.invalid(problem) }
    }
}
