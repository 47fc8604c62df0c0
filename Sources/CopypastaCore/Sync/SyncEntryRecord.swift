/// The whole state of one entry as sync carries it (docs/DESIGN.md §14.3): every register with
/// its hybrid logical clock (`HybridClock`). A tombstone has `exists` false and no text.
///
/// The registers are existence (with the capture time, source and application that the last
/// copy set), pin, title, tags, the file and the link. The text never changes: `gid` is derived
/// from it.
public struct SyncEntryRecord: Sendable, Equatable, Hashable {
    /// The entry's identity on every machine: a keyed hash of its text.
    public var gid: String
    /// The text; nil in a tombstone.
    public var text: String?
    /// When the text was last copied, ISO 8601.
    public var capturedAt: String?
    /// `clipboard`, `primary`, `manual` or `import`.
    public var source: String?
    /// The application it was copied from, when known.
    public var sourceApp: String?
    /// Whether the entry exists (false: deleted).
    public var exists: Bool
    /// The clock of `exists`, `capturedAt`, `source` and `sourceApp`.
    public var existsAt: Int64
    /// In a tombstone: the entry was deleted for good (`delete --purge`, `clear --purge`, made
    /// secure or local-only), so other machines delete it for good too instead of keeping it in
    /// their trash. Part of the existence register.
    public var purge = false
    /// Whether the entry is pinned.
    public var pinned: Bool
    /// The clock of `pinned`.
    public var pinnedAt: Int64
    /// The snippet title, if any.
    public var title: String?
    /// The clock of `title`.
    public var titleAt: Int64
    /// The tags.
    public var tags: [String]
    /// The clock of `tags`.
    public var tagsAt: Int64
    /// The file the entry carries (a document's copy), if any; nil with a clock is a detach.
    public var file: SyncedFile?
    /// The clock of `file` (0: set when the entry was made, or by a version without the clock).
    public var fileAt: Int64 = 0
    /// The URL the entry carries and its archive, if any.
    public var link: SyncedLink?
    /// The clock of `link`: attaching, detaching and every recorded archive take a new one.
    public var linkAt: Int64 = 0

    /// A record with every field given; registers default to "never set" (clock 0).
    public init(
        gid: String, text: String?, capturedAt: String? = nil, source: String? = nil, sourceApp: String? = nil,
        exists: Bool, existsAt: Int64, pinned: Bool = false, pinnedAt: Int64 = 0, title: String? = nil,
        titleAt: Int64 = 0, tags: [String] = [], tagsAt: Int64 = 0
    ) {
        self.gid = gid
        self.text = text
        self.capturedAt = capturedAt
        self.source = source
        self.sourceApp = sourceApp
        self.exists = exists
        self.existsAt = existsAt
        self.pinned = pinned
        self.pinnedAt = pinnedAt
        self.title = title
        self.titleAt = titleAt
        self.tags = tags
        self.tagsAt = tagsAt
    }

    /// This record merged with what this machine knows of the same entry, register by register:
    /// the larger clock wins; at equal clocks the larger value, so that every machine picks the
    /// same winner whichever order the records arrive in (commutative and idempotent).
    public func merged(into local: SyncEntryRecord?) -> SyncEntryRecord {
        guard let local else { return self }
        var out = self
        if Self.wins(local.existsAt, local.existenceKey, over: existsAt, existenceKey) {
            out.exists = local.exists
            out.existsAt = local.existsAt
            out.purge = local.purge
            out.capturedAt = local.capturedAt
            out.source = local.source
            out.sourceApp = local.sourceApp
        }
        // The text is the same wherever it is known (gid is its hash); a tombstone lacks it.
        out.text = text ?? local.text
        // At clock 0 (set when the entry was made) a payload beats none, as before the clock.
        if Self.wins(local.fileAt, local.file?.key ?? "", over: fileAt, file?.key ?? "") {
            out.file = local.file
            out.fileAt = local.fileAt
        }
        if Self.wins(local.linkAt, local.link?.key ?? "", over: linkAt, link?.key ?? "") {
            out.link = local.link
            out.linkAt = local.linkAt
        }
        if Self.wins(local.pinnedAt, local.pinned ? "1" : "0", over: pinnedAt, pinned ? "1" : "0") {
            out.pinned = local.pinned
            out.pinnedAt = local.pinnedAt
        }
        if Self.wins(local.titleAt, Self.key(local.title), over: titleAt, Self.key(title)) {
            out.title = local.title
            out.titleAt = local.titleAt
        }
        if Self.wins(local.tagsAt, local.tags.joined(separator: "\u{1F}"), over: tagsAt, tags.joined(separator: "\u{1F}")) {
            out.tags = local.tags
            out.tagsAt = local.tagsAt
        }
        return out
    }

    /// Whether register value `a` at clock `aAt` beats `b` at `bAt`; ties on both keep `b`.
    private static func wins(_ aAt: Int64, _ a: String, over bAt: Int64, _ b: String) -> Bool {
        aAt != bAt ? aAt > bAt : a > b
    }

    /// The existence register as one comparable value: existing beats deleted at equal clocks.
    private var existenceKey: String {
        [exists ? "1" : "0", Self.key(capturedAt), Self.key(source), Self.key(sourceApp), purge ? "1" : "0"]
            .joined(separator: "\u{1F}")
    }

    /// An optional string as a comparable value; nil sorts below every string.
    private static func key(_ value: String?) -> String { value.map { "s" + $0 } ?? "" }
}
