import CopypastaCore

/// Why an AI request failed or was refused (copypasta(1) ai, EXIT STATUS).
///
/// No message ever holds the key: errors name the setting the key came from, never its value.
public enum AIError: CopypastaFailure, Equatable {
    /// A setting is missing or wrong (no provider, no model, no key); names the setting.
    case notConfigured(String)
    /// The entry may not leave the machine (secure, local-only, ignored application or pattern).
    case refused(String)
    /// The provider answered 401 or 403.
    case keyRejected(status: Int, message: String)
    /// The provider stayed overloaded or rate-limited after the retries (429, 503, 529).
    case busy(status: Int, message: String)
    /// The provider could not be reached (timeout, DNS, connection, TLS) or refused the request.
    case unavailable(String)
    /// The reply was not what the API promises: malformed, truncated, or without the expected JSON.
    case badReply(String)

    /// The exit status, as copypasta(1) EXIT STATUS lists it for `ai`.
    public var exitStatus: ExitStatus {
        switch self {
        case .notConfigured: .badConfig
        case .refused, .keyRejected: .noPermission
        case .busy: .busy
        case .unavailable: .unavailable
        case .badReply: .protocolError
        }
    }

    /// One line saying what went wrong and what to do.
    public var description: String {
        switch self {
        case .notConfigured(let message), .refused(let message), .unavailable(let message), .badReply(let message):
            message
        case .keyRejected(let status, let message):
            "the provider refused the key (HTTP \(status)\(Self.said(message))); check ai-key-file or ai-key-command"
        case .busy(let status, let message):
            "the provider is busy (HTTP \(status)\(Self.said(message))); try again later"
        }
    }

    /// The provider's own words, cut to one visible line, as a suffix.
    static func said(_ message: String) -> String {
        message.isEmpty ? "" : ": " + Visible.message(message, limit: 200)
    }
}
