/// A tag and how many entries of the history carry it.
public struct TagCount: Sendable, Equatable {
    /// The tag in the casing first seen.
    public var name: String
    /// Entries of the history (not of the trash) with the tag.
    public var count: Int

    /// A tag and its count.
    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

extension HistoryStore {
    /// Every tag that entries of the history carry, with counts, sorted by name without case.
    /// Collections are tags too; callers split them with `CollectionTag.name(ofTag:)`.
    public func tagCounts() throws(StoreError) -> [TagCount] {
        let sql = """
            SELECT t.name AS name, count(*) AS count FROM tag t JOIN entry_tag et ON et.tag_id = t.id
            JOIN entry e ON e.id = et.entry_id WHERE e.trashed_at IS NULL GROUP BY t.id ORDER BY t.name
            """
        return try database.with(sql) { row throws(StoreError) in
            let name = try row.column("name"), count = try row.column("count")
            var result: [TagCount] = []
            while try row.step() { result.append(TagCount(name: row.text(name) ?? "", count: Int(row.int(count)))) }
            return result
        }
    }
}
