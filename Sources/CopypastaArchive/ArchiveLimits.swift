/// The limits of archiving (docs/DESIGN.md, "Link archives"): what one archive may cost in time,
/// bytes and connections, whatever the page asks for.
public struct ArchiveLimits: Sendable {
    /// How the page's HTML is obtained.
    public enum Renderer: String, Sendable {
        /// The HTML as the server sends it.
        case direct
        /// The DOM after scripts ran, from headless Chromium when it is installed.
        case chromium
    }

    /// Seconds for one request (the page, or one asset), redirects included.
    public var requestSeconds = 20.0
    /// Seconds for one whole archive: the page and all its assets.
    public var archiveSeconds = 90.0
    /// The most bytes of the page itself.
    public var pageBytes = 16 << 20
    /// The most bytes of all the assets of one page together.
    public var assetBytes = 64 << 20
    /// The most assets fetched for one page; the rest count as missing.
    public var maxAssets = 400
    /// Redirects followed per request.
    public var redirects = 5
    /// Transfers at the same time within one archive.
    public var concurrency = 6
    /// Whether loopback, link-local and private addresses may be fetched (`archive-private-hosts`).
    public var allowPrivateAddresses = false
    /// Where the HTML comes from (`archive-renderer`).
    public var renderer = Renderer.direct

    /// The defaults above.
    public init() {}
}
