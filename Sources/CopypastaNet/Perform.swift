import CCurl
import Glibc

/// Fetches `request`, following redirects, and returns the final response. Blocks the calling
/// thread for at most the request's deadline (plus name resolution through a proxy).
public func perform(_ request: HTTPRequest) throws(NetError) -> HTTPReply {
    _ = Libcurl.ready
    let start = Monotonic.now
    var chain = RedirectChain(request)
    while true {
        let remaining = request.deadline - (Monotonic.now - start)
        guard remaining > 0 else { throw .timeout }
        let hop = try Hop(request, url: chain.url, method: chain.method, body: chain.body, remaining: remaining)
        let outcome = try hop.outcome(curl_easy_perform(hop.handle))
        guard let next = outcome.redirect, request.maxRedirects > 0 else { return outcome.reply }
        try chain.follow(to: next, status: outcome.reply.status)
    }
}

/// Where a transfer stands among its redirects: the next hop's URL and method, the hops taken.
struct RedirectChain {
    /// The URL of the next hop.
    private(set) var url: String
    /// The method of the next hop: a 301, 302 or 303 turns a POST into a GET, as browsers do.
    private(set) var method: String
    /// The body of the next hop.
    private(set) var body: [UInt8]?
    private let limit: Int
    private var visited: Set<String>

    /// The chain before the first hop of `request`.
    init(_ request: HTTPRequest) {
        url = request.url
        method = request.method
        body = request.body
        limit = request.maxRedirects
        visited = [request.url]
    }

    /// Moves on to `next`; a loop or one redirect over the limit fails.
    mutating func follow(to next: String, status: Int) throws(NetError) {
        guard visited.count <= limit, visited.insert(next).inserted else { throw .tooManyRedirects }
        url = next
        if status != 307 && status != 308 {
            method = "GET"
            body = nil
        }
    }
}

/// libcurl's global set-up, done once before the first transfer (thread-safe in the libcurl
/// versions this builds against).
enum Libcurl {
    /// Touched before every transfer; initialises libcurl the first time.
    static let ready: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
}

/// Seconds on the monotonic clock.
enum Monotonic {
    /// Now, in seconds since an arbitrary start.
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
