import CopypastaCore
import Glibc

/// A provider's HTTP answer, as the transport hands it over.
public struct AIHTTPResult: Sendable {
    /// The status code.
    public var status: Int
    /// The response headers.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: [UInt8]

    /// A result value.
    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of header `name` (any case), or nil.
    public func header(_ name: String) -> String? {
        headers.last { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// Sends one request and turns the answer into a reply or an `AIError` (copypasta(1) ai, EXIT STATUS).
///
/// 429, 503 and 529 mean "later": the exchange waits what `retry-after` says (2 s, then 4 s,
/// when it says nothing) and tries again, at most `retries` times, and gives up at once when
/// the wait asked for is over `longestWait`. 401 and 403 are the key; any other status is the
/// provider refusing the request, with its own words.
public struct AIExchange {
    /// Sends a request within a deadline in seconds; the network failures come back as `AIError.unavailable`.
    public typealias Transport = (AIRequest) throws(AIError) -> AIHTTPResult

    /// The most retries after a 429, 503 or 529.
    public static let retries = 2
    /// The longest `retry-after` honoured, in seconds; a longer one gives up at once.
    public static let longestWait = 20

    /// Sends with `transport`; `sleep` waits a number of seconds (tests pass one that records).
    public static func send(
        _ request: AIRequest, provider: AISettings.Provider, task: AITask, transport: Transport,
        sleep: (Int) -> Void = { seconds in Glibc.sleep(UInt32(seconds)) }
    ) throws(AIError) -> AIReply {
        var attempt = 0
        while true {
            let result = try transport(request)
            switch result.status {
            case 200..<300:
                return try AIReply.parse(result.body, provider: provider, task: task)
            case 401, 403:
                throw .keyRejected(status: result.status, message: AIReply.errorMessage(result.body))
            case 429, 503, 529:
                let wait = retryAfter(result) ?? (2 << attempt)
                guard attempt < retries, wait <= longestWait else {
                    throw .busy(status: result.status, message: AIReply.errorMessage(result.body))
                }
                attempt += 1
                sleep(wait)
            default:
                let hint = result.status == 404 ? "; check ai-endpoint and ai-model" : ""
                throw .unavailable(
                    "the provider refused the request (HTTP \(result.status)\(AIError.said(AIReply.errorMessage(result.body))))"
                        + hint)
            }
        }
    }

    /// `retry-after` in whole seconds, when it is a number (an HTTP date counts as absent).
    static func retryAfter(_ result: AIHTTPResult) -> Int? {
        guard let value = result.header("retry-after")?.trimmingSpaces(), let seconds = Double(value), seconds >= 0,
            seconds < 1e9
        else { return nil }
        return Int(seconds.rounded(.up))
    }
}
