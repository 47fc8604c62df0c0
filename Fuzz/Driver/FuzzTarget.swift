/// The parsers of outside bytes, one fuzz target each (docs/DESIGN.md §10).
///
/// Each target feeds the input to a parser and checks what must hold whatever the input: the
/// parser returns or throws, and where a parser has an encoder, what it decoded encodes and
/// decodes back to the same value. A crash, an overflow trap or a failed `precondition` is what
/// libFuzzer reports.
enum FuzzTarget: String, CaseIterable {
    /// Sync records: the plaintext of a segment or pack (`SyncRecords`).
    case records
    /// Sealed sync files, their names and payload blobs (`SyncFile`, `SealedFile`, `BlobOpener`).
    case sealed
    /// A link archive's pack: the plaintext of its sync blob (`ArchivePack`).
    case archivepack
    /// Socket request and reply lines (`IPCMessage`).
    case ipc
    /// Config files (`Config.parse(bytes:file:)`).
    case config
    /// `copypasta import` JSON Lines (`JSONLines.decode`).
    case jsonl
    /// Import lines by `ImportLineParser` against JSONDecoder.
    case importline
    /// clipmenu's `line_cache` (`ClipmenuStore`).
    case clipmenu
    /// greenclip's history file (`GreenclipHistory`).
    case greenclip
    /// `cliphist list` output (`CliphistList`).
    case cliphist
    /// The output of CopyQ's dump script (`CopyqDump`).
    case copyq
    /// A pinentry's Assuan lines (`Assuan`).
    case assuan
    /// Selection bytes decoded as text, whole and in INCR chunks (`TextDecoding`).
    case xtext
    /// Search queries (`SearchQuery`).
    case search
    /// Syncthing's HTTP responses (`HTTPResponse`).
    case http
    /// The words of an HTML document for search (`HTMLText`, `DocumentText`).
    case htmltext
    /// Fetched pages: parse, metadata, assets, archived copy, readable article (`HTMLPage`).
    case html
    /// Style sheets (`StyleSheet`).
    case css
    /// Page bytes in legacy encodings (`PageCharset`).
    case charset
    /// JSON-LD (`JSONValue`, `HTMLPage.metadata`).
    case jsonld
    /// Netscape bookmark files (`NetscapeBookmarks`).
    case bookmarks
    /// Chromium's Bookmarks JSON (`ChromiumBookmarks`).
    case chromium
    /// `add --comment` lines (`ShareComment`).
    case comment

    /// Runs this target's parser over `bytes`.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .records: Self.records(bytes)
        case .sealed: Self.sealed(bytes)
        case .archivepack: Self.archivepack(bytes)
        case .ipc: Self.ipc(bytes)
        case .config: Self.config(bytes)
        case .jsonl: Self.jsonl(bytes)
        case .importline: Self.importline(bytes)
        case .clipmenu: Self.clipmenu(bytes)
        case .greenclip: Self.greenclip(bytes)
        case .cliphist: Self.cliphist(bytes)
        case .copyq: Self.copyq(bytes)
        case .assuan: Self.assuan(bytes)
        case .xtext: Self.xtext(bytes)
        case .search: Self.search(bytes)
        case .http: Self.http(bytes)
        case .htmltext: Self.htmltext(bytes)
        case .html: Self.html(bytes)
        case .css: Self.css(bytes)
        case .charset: Self.charset(bytes)
        case .jsonld: Self.jsonld(bytes)
        case .bookmarks: Self.bookmarks(bytes)
        case .chromium: Self.chromium(bytes)
        case .comment: Self.comment(bytes)
        }
    }
}
