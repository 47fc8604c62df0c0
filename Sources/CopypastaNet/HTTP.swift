// CopypastaNet: one HTTP(S) fetch over libcurl, with the limits an archive of a link the user
// copied needs (docs/DESIGN.md §1, "Link archives"). Only the processes that fetch link it
// (copypasta-archive, copypasta-ai); `copypasta` and its daemon never load libcurl.
//
// Terms: a *hop* is one request and its response; a redirect starts the next hop. Redirects are
// followed here, not by libcurl, so that every hop passes the same checks: http or https only,
// and the address connected to (or, through a proxy, every address the host resolves to) outside
// the loopback, link-local and private ranges unless the request allows them.

/// One request: what to fetch and the limits of the transfer.
public struct HTTPRequest: Sendable {
    /// An absolute http or https URL; any other scheme fails with `NetError.badScheme`.
    public var url: String
    /// "GET" (the default) or "POST".
    public var method: String
    /// Request headers, sent as given. Never logged: an API key may travel in one.
    public var headers: [(name: String, value: String)]
    /// The request body (a POST), or nil.
    public var body: [UInt8]?
    /// Seconds for the whole transfer, redirects included.
    public var deadline: Double
    /// Seconds to connect, for each hop.
    public var connectDeadline: Double
    /// The most bytes of (decoded) body accepted; more aborts the transfer with `.tooLarge`.
    public var maxBytes: Int
    /// How many redirects are followed; 0 returns the redirect itself as the reply.
    public var maxRedirects: Int
    /// Whether loopback, link-local, private and unique-local addresses may be fetched.
    public var allowPrivateAddresses: Bool
    /// Addresses treated as public whatever their range. Tests set it (it is internal) to stand
    /// a loopback server in for a public host, so that a redirect from it can be refused.
    var publicAddresses: Set<String> = []

    /// A GET of `url` with the defaults an archive uses: 30 s in all, 10 s to connect, 16 MiB,
    /// 5 redirects, public addresses only.
    public init(
        url: String, method: String = "GET", headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
        deadline: Double = 30, connectDeadline: Double = 10, maxBytes: Int = 16 << 20, maxRedirects: Int = 5,
        allowPrivateAddresses: Bool = false
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.deadline = deadline
        self.connectDeadline = connectDeadline
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.allowPrivateAddresses = allowPrivateAddresses
    }
}

/// The final response of a transfer (after redirects). A 404 or a 500 is a reply, not an error.
public struct HTTPReply: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The headers of the final response, in order.
    public var headers: [(name: String, value: String)]
    /// The body, decoded from gzip, deflate, brotli or zstd.
    public var body: [UInt8]
    /// The URL the body came from, after redirects.
    public var effectiveURL: String

    /// The value of the last header named `name` (case-insensitive), or nil.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.last { $0.name.lowercased() == wanted }?.value
    }
}

/// Why a transfer failed. The descriptions are short reasons an archive keeps (`reason`).
public enum NetError: Error, Equatable, CustomStringConvertible {
    /// The URL (or a redirect) is not http or https.
    case badScheme(String)
    /// The host name did not resolve.
    case dns(String)
    /// The address is loopback, link-local or private and the request does not allow it.
    case privateAddress(String)
    /// The deadline passed.
    case timeout
    /// The body passed the cap (the cap, in bytes); the transfer was aborted.
    case tooLarge(Int)
    /// More redirects than the request allows, or a loop.
    case tooManyRedirects
    /// The TLS handshake or certificate verification failed.
    case tls(String)
    /// Any other failure to connect, send or receive.
    case transport(String)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .badScheme(let url): "not an http or https URL: \(url)"
        case .dns(let host): "host not found: \(host)"
        case .privateAddress(let address): "private address refused: \(address)"
        case .timeout: "timed out"
        case .tooLarge(let cap): "too large (over \(cap) bytes)"
        case .tooManyRedirects: "too many redirects"
        case .tls(let message): "TLS: \(message)"
        case .transport(let message): "network: \(message)"
        }
    }
}
