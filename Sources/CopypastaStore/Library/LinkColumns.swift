import CopypastaCore

/// Where each field of an `EntryLink` is in a statement that selected `entry_link.*`.
struct LinkColumns {
    private let id, url, title, status, reason, folder, pageTitle, author, published, archivedAt, attempts: Int32

    /// The positions of the link columns in `statement`.
    init(_ statement: Statement) throws(StoreError) {
        id = try statement.column("entry_id")
        url = try statement.column("url")
        title = try statement.column("title")
        status = try statement.column("archive")
        reason = try statement.column("reason")
        folder = try statement.column("folder")
        pageTitle = try statement.column("page_title")
        author = try statement.column("author")
        published = try statement.column("published")
        archivedAt = try statement.column("archived_at")
        attempts = try statement.column("attempts")
    }

    /// The link on the statement's current row.
    func link(_ row: Statement) -> EntryLink {
        EntryLink(
            id: row.int(id), url: row.text(url) ?? "", title: row.text(title),
            status: ArchiveStatus(rawValue: row.text(status) ?? "") ?? .none, reason: row.text(reason),
            folder: row.text(folder), pageTitle: row.text(pageTitle), author: row.text(author),
            published: row.text(published), archivedAt: row.optionalInt(archivedAt).map(Timestamp.init(microseconds:)),
            attempts: Int(row.int(attempts)))
    }
}
