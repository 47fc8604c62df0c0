/// The URL a library item carries and the state of its archive (table `entry_link`,
/// docs/DESIGN.md "The library").
///
/// Any entry may carry one: a link item from the start (`add --url`, bookmark import), or any
/// item later (`attach ID --url`). The archive's files are under `links/<folder>/` of the
/// payload area (`PayloadArea` in CopypastaStore).
public struct EntryLink: Sendable, Equatable {
    /// The entry's id.
    public var id: Int64
    /// The URL as given.
    public var url: String
    /// The title the user gave (`add --url … --title`, a bookmark's title); nil when none.
    public var title: String?
    /// Where the archive stands.
    public var status: ArchiveStatus
    /// Why the last archive was partial or failed (`HTTP 404`, `DNS`, `timeout`, `too large`); nil otherwise.
    public var reason: String?
    /// The archive's folder (a random UUID) under `links/`; nil before the first archive.
    public var folder: String?
    /// The page's own title, from its metadata.
    public var pageTitle: String?
    /// The page's author, from its metadata.
    public var author: String?
    /// The page's publication date as the page gives it (ISO 8601 when it says so).
    public var published: String?
    /// When the archive was last written or given up.
    public var archivedAt: Timestamp?
    /// How many times archiving was tried.
    public var attempts: Int

    /// A link value; the store reads real ones (`HistoryStore.link(id:)`).
    public init(
        id: Int64, url: String, title: String? = nil, status: ArchiveStatus = .none, reason: String? = nil,
        folder: String? = nil, pageTitle: String? = nil, author: String? = nil, published: String? = nil,
        archivedAt: Timestamp? = nil, attempts: Int = 0
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.status = status
        self.reason = reason
        self.folder = folder
        self.pageTitle = pageTitle
        self.author = author
        self.published = published
        self.archivedAt = archivedAt
        self.attempts = attempts
    }

    /// The title to show: the user's, else the page's.
    public var displayTitle: String? { title ?? pageTitle }
}

/// The file a library item carries (table `entry_file`): a document copied in by `add --file`,
/// or a file attached to any item (`attach ID --file`).
///
/// The copy is `documents/<folder>/<name>` of the payload area; the database stays the truth, so
/// a missing copy shows as missing and never fails a whole command.
public struct EntryFile: Sendable, Equatable {
    /// The entry's id.
    public var id: Int64
    /// The file's folder (a random UUID) under `documents/`.
    public var folder: String
    /// The file's original name (its last path component, never a path).
    public var name: String
    /// Its size in bytes.
    public var size: Int64
    /// SHA-256 of its bytes.
    public var digest: [UInt8]

    /// A file value; the store reads real ones (`HistoryStore.file(id:)`).
    public init(id: Int64, folder: String, name: String, size: Int64, digest: [UInt8]) {
        self.id = id
        self.folder = folder
        self.name = name
        self.size = size
        self.digest = digest
    }
}

/// Where a searchable text that is not the entry's own text came from (table `entry_body`).
public enum BodySource: String, Sendable, CaseIterable {
    /// A library item's title (a link's title, a document's title when its text is another)
    /// and a URL that is not the item's text: ranked above everything else that is not the text.
    case title
    /// The readable article of a link's archive.
    case reader
    /// Text extracted from a document.
    case document
    /// An AI summary.
    case summary
}
