/// Where an entry came from (copypasta(1) DESCRIPTION).
public enum EntrySource: String, Sendable, CaseIterable {
    /// Captured from the CLIPBOARD selection.
    case clipboard
    /// Captured from the PRIMARY selection.
    case primary
    /// Added by `copypasta add`.
    case manual
    /// Read by `copypasta import` from a line that named no source.
    case imported = "import"
    /// Read by `copypasta import --from` a browser's bookmarks.
    case bookmarks
}

/// One history entry (copypasta(1) DESCRIPTION).
///
/// `text` is nil when the entry was read for a listing: listings read only
/// the stored preview, so they stay fast however long the texts are.
public struct Entry: Sendable, Equatable {
    /// The stored preview of a secure entry: listings, pickers, hooks and notifications show
    /// this instead of any part of the text.
    public static let securePreview = "[secure]"

    /// The increasing, never reused id.
    public var id: Int64
    /// The full text, immutable after insert; nil when not loaded.
    public var text: String?
    /// The start of the text as stored for listings (raw, not yet rendered).
    public var previewSource: String
    /// When the entry was captured, or last moved to the top.
    public var capturedAt: Timestamp
    /// Where the entry came from.
    public var source: EntrySource
    /// WM_CLASS of the selection owner, when known.
    public var sourceApp: String?
    /// The length of the UTF-8 text in bytes.
    public var bytes: Int
    /// Pinned entries are exempt from retention.
    public var pinned: Bool
    /// Tags in the casing first seen.
    public var tags: [String]
    /// How many times the entry was restored.
    public var useCount: Int
    /// When the entry was last restored.
    public var lastUsedAt: Timestamp?
    /// A link or plain text, decided when the entry was stored.
    public var kind: EntryKind
    /// When the entry was moved to the trash; nil while it is in the history.
    public var trashedAt: Timestamp?
    /// The snippet title (`SnippetTitle`); nil for an unnamed entry. A named entry is pinned.
    public var title: String?
    /// Whether the text is sealed with the passphrase's key: `text` and `previewSource` then
    /// never hold it, and showing it needs the key.
    public var secure: Bool
    /// Where the entry stands in sync; `local` unless the store derived otherwise.
    public var sync: SyncState
    /// The URL the entry carries and its archive (any kind may carry one); nil when none or not read.
    public var link: EntryLink?
    /// The file the entry carries (a document's, or one attached); nil when none or not read.
    public var file: EntryFile?
    /// Set by a command that looked on disk: the link's archive folder or the file's copy is
    /// gone (removed by hand, or not synced). Listings then say `missing`; nothing fails.
    public var payloadMissing = false
    /// The AI assistant's stored results, when a command read them (`list --json`, `search --json`).
    public var ai: AIResult?

    /// Creates an entry value; the store is what assigns real ids.
    public init(
        id: Int64, text: String?, previewSource: String, capturedAt: Timestamp, source: EntrySource,
        sourceApp: String?, bytes: Int, pinned: Bool, tags: [String], useCount: Int, lastUsedAt: Timestamp?,
        kind: EntryKind = .text, trashedAt: Timestamp? = nil, title: String? = nil, secure: Bool = false,
        sync: SyncState = .local
    ) {
        self.id = id
        self.text = text
        self.previewSource = previewSource
        self.capturedAt = capturedAt
        self.source = source
        self.sourceApp = sourceApp
        self.bytes = bytes
        self.pinned = pinned
        self.tags = tags
        self.useCount = useCount
        self.lastUsedAt = lastUsedAt
        self.kind = kind
        self.trashedAt = trashedAt
        self.title = title
        self.secure = secure
        self.sync = sync
    }
}

/// What happens when a captured text equals an older entry (copypasta(1) CONFIGURATION, `duplicates`).
public enum DuplicatePolicy: String, Sendable, CaseIterable {
    /// Move the older entry to the top; id, pins and tags stay.
    case move
    /// Keep every copy as its own row.
    case keep
}
