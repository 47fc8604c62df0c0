import CopypastaCore

/// Why a loopback HTTP exchange (Syncthing's REST API) failed.
///
/// Kept apart by cause because the user's next step differs: nothing listens (start the
/// service), no answer in time (it hangs or is busy), or something answered that is not the
/// HTTP we expect (a wrong port, TLS).
public enum HTTPError: CopypastaFailure, Equatable {
    /// The address is not on this machine: only loopback is spoken to, since the API key travels in clear.
    case notLoopback(String)
    /// The address is not `http://HOST:PORT` (with an optional path).
    case badAddress(String)
    /// Nothing accepts connections there (ECONNREFUSED or another connect error).
    case refused(address: String, reason: String)
    /// The connection or the whole exchange took longer than the deadline.
    case timeout(address: String, seconds: Double)
    /// The peer answered with something that is not an HTTP/1.x response we can read.
    case badResponse(address: String, reason: String)

    public var exitStatus: ExitStatus {
        switch self {
        case .notLoopback, .badAddress: .usage
        case .refused, .timeout, .badResponse: .unavailable
        }
    }

    public var description: String {
        switch self {
        case let .notLoopback(address):
            "\(address) is not on this machine; only 127.0.0.1, ::1 and localhost are used, because the API key is sent in clear"
        case let .badAddress(address):
            "\(address) is not an address like http://127.0.0.1:8384"
        case let .refused(address, reason):
            "nothing answers at \(address): \(reason)"
        case let .timeout(address, seconds):
            "\(address) did not answer within \(HTTPError.seconds(seconds))"
        case let .badResponse(address, reason):
            "\(address) did not answer with HTTP: \(reason)"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
