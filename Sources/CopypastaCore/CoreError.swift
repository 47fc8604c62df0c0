/// Errors raised by the pure rules of copypasta: configuration, queries and input data.
public enum CoreError: CopypastaFailure, Equatable {
    /// A configuration file line is wrong; `file` and `line` locate it.
    case config(file: String, line: Int, message: String)
    /// A search query or another user-supplied argument cannot be used.
    case usage(String)
    /// Input data (an import line, standard input) is malformed.
    case data(String)
    /// A passphrase was wrong or refused, so a secure entry stays closed.
    case permission(String)

    public var exitStatus: ExitStatus {
        switch self {
        case .config: .badConfig
        case .usage: .usage
        case .data: .dataError
        case .permission: .noPermission
        }
    }

    public var description: String {
        switch self {
        case let .config(file, line, message): "\(file):\(line): \(message)"
        case let .usage(message): message
        case let .data(message): message
        case let .permission(message): message
        }
    }
}
