/// The URL an entry carries and its archive, as its sync record names them (docs/DESIGN.md
/// §14.3): the `entry_link` row without this machine's queue state (attempts), and whether the
/// writer put the archive's blob in the sync folder (`synced`: false when the archive is over
/// its `sync-max-file-size` or there is none). The archive's folder, a random UUID, also names
/// its blob.
public struct SyncedLink: Sendable, Equatable, Hashable {
    /// The URL.
    public var url: String
    /// The title the user gave, if any.
    public var title: String?
    /// `ArchiveStatus`'s raw value.
    public var status: String
    /// Why the archive is partial or failed.
    public var reason: String?
    /// The archive's folder, nil before the first archive.
    public var folder: String?
    /// The page's title, author and publication date.
    public var pageTitle: String?, author: String?, published: String?
    /// When the archive was made, in microseconds since the epoch.
    public var archivedAt: Int64?
    /// Whether the writer put the archive's blob in the sync folder.
    public var synced = false

    /// A link with its URL and status; the rest is set field by field.
    public init(url: String, status: String) {
        self.url = url
        self.status = status
    }

    /// Why this link cannot be applied here, or nil: a folder that is no UUID is refused before
    /// anything is joined to a path, and an empty URL or unknown status is damage.
    public var problem: String? {
        let allowed = Set("0123456789abcdef-".utf8)
        if let folder, folder.utf8.count != 36 || !folder.utf8.allSatisfy(allowed.contains) {
            return "its link's folder is not a payload folder name"
        }
        if url.isEmpty || ArchiveStatus(rawValue: status) == nil { return "its link's URL or status is malformed" }
        return nil
    }

    /// Everything but `synced` (the writer's to say) as one comparable value, for ties between
    /// two registers of equal clocks.
    public var key: String {
        [
            url, title ?? "", status, reason ?? "", folder ?? "", pageTitle ?? "", author ?? "", published ?? "",
            archivedAt.map(String.init) ?? "",
        ].joined(separator: "\u{1F}")
    }
}

extension SyncedFile {
    /// Everything but `synced` as one comparable value, for ties between two registers.
    public var key: String {
        [folder, name, String(size), digest].joined(separator: "\u{1F}")
    }
}
