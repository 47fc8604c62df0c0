import CopypastaCore

/// The files library items carry (docs/DESIGN.md "The library").
extension HistoryStore {
    /// The file entry `id` carries, or nil when it carries none.
    public func file(id: Int64) throws(StoreError) -> EntryFile? {
        try database.with("SELECT folder, name, size, digest FROM entry_file WHERE entry_id = ?", [id]) {
            row throws(StoreError) in
            guard try row.step() else { return nil }
            return EntryFile(
                id: id, folder: row.text(0) ?? "", name: row.text(1) ?? "", size: row.int(2), digest: row.blob(3) ?? [])
        }
    }

    /// The path of the copy of entry `id`'s file, or nil when it carries none. The file itself
    /// may be missing (removed by hand): the caller says so rather than failing.
    public func filePath(id: Int64) throws(StoreError) -> String? {
        guard let file = try file(id: id), PayloadArea.isFolderName(file.folder) else { return nil }
        return payloads.path(.documents, file.folder) + "/" + file.name
    }
}
