/// The daemon's socket protocol: one request line, one reply line (docs/DESIGN.md §4).
///
/// A request is `copypasta/1 VERB ARG…` and a reply is `ok [DETAIL]` or
/// `error STATUS MESSAGE`, each ending in a newline and at most
/// `maximumBytes` long. The version prefix lets a newer daemon refuse an
/// older client clearly instead of misreading it; the shape of each reply
/// (`Reply`) is fixed by the version of the request it answers.
public enum IPCMessage {
    /// The protocol version prefix.
    public static let version = "copypasta/1"
    /// The longest line either side accepts.
    public static let maximumBytes = 4096

    /// A request to the daemon.
    public enum Request: Equatable, Sendable {
        /// Liveness check.
        case ping
        /// Own `selections` and serve entry `id`.
        case restore(id: Int64, selections: [Config.Selection])
        /// Own CLIPBOARD with entry `id`, send the paste keystroke, then put the previous content back.
        case paste(id: Int64)
        /// The daemon's state.
        case status
        /// Stop capturing.
        case pause
        /// Capture again.
        case resume
        /// Re-read the config file.
        case reload
        /// Derive and keep the key of the secure entries from this passphrase (sent hex-encoded).
        case unlock(passphrase: [UInt8])
        /// Forget the key of the secure entries now.
        case lock
        /// Sync settings or queued entries changed in the database (another command wrote them):
        /// look at them now instead of at the next event.
        case syncKick
        /// Links were queued for archiving (`add`, `archive retry`, an import): start the archive
        /// worker unless it runs (docs/DESIGN.md "Link archives").
        case archiveKick
    }

    /// The line for `request`, without the newline.
    public static func encode(_ request: Request) -> String {
        let body =
            switch request {
            case .ping: "ping"
            case let .restore(id, selections): "restore \(id) \(selections.map(\.rawValue).joined(separator: ","))"
            case let .paste(id): "paste \(id)"
            case .status: "status"
            case .pause: "pause"
            case .resume: "resume"
            case .reload: "reload"
            case let .unlock(passphrase): "unlock \(hex(passphrase))"
            case .lock: "lock"
            case .syncKick: "sync-kick"
            case .archiveKick: "archive-kick"
            }
        return "\(version) \(body)"
    }

    /// A successful reply; each request has one kind (`decodeReply`).
    public enum Reply: Equatable, Sendable {
        /// The request was carried out: restore, paste, pause, resume, reload.
        case done
        /// The answer to `ping`.
        case pong
        /// The answer to `status`.
        case status(DaemonStatus)
    }

    /// Parses a request line; the error is the reply to send.
    public static func decode(_ line: String) -> Result<Request, IPCError> {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.first == version else {
            return .failure(IPCError(status: .usage, message: "unsupported protocol; expected \(version)"))
        }
        switch Array(words.dropFirst()) {
        case ["ping"]: return .success(.ping)
        case ["status"]: return .success(.status)
        case ["pause"]: return .success(.pause)
        case ["resume"]: return .success(.resume)
        case ["reload"]: return .success(.reload)
        case ["lock"]: return .success(.lock)
        case ["sync-kick"]: return .success(.syncKick)
        case ["archive-kick"]: return .success(.archiveKick)
        case let parts where parts.count == 2 && parts[0] == "unlock":
            guard let passphrase = unhex(parts[1]), !passphrase.isEmpty else { break }
            return .success(.unlock(passphrase: passphrase))
        case let parts where parts.count == 2 && parts[0] == "paste":
            guard let id = Int64(parts[1]) else { break }
            return .success(.paste(id: id))
        case let parts where parts.count == 3 && parts[0] == "restore":
            let selections = parts[2].split(separator: ",").compactMap { Config.Selection(rawValue: String($0)) }
            guard let id = Int64(parts[1]), !selections.isEmpty else { break }
            return .success(.restore(id: id, selections: selections))
        default: break
        }
        return .failure(IPCError(status: .usage, message: "malformed request"))
    }

    /// The line for a successful reply, without the newline.
    public static func encode(_ reply: Reply) -> String {
        switch reply {
        case .done: "ok"
        case .pong: "ok pong"
        case let .status(status): "ok \(status.encoded)"
        }
    }

    /// Parses the reply to `request`: the success that request expects, or the error the daemon sent.
    ///
    /// A line of another shape, or longer than `maximumBytes`, is an `unavailable` error: the other
    /// side does not speak this protocol version.
    public static func decodeReply(_ line: String, to request: Request) -> Result<Reply, IPCError> {
        let unexpected = IPCError(status: .unavailable, message: "unexpected reply from the daemon")
        guard line.utf8.count <= maximumBytes else { return .failure(unexpected) }
        if line == "ok" || line.hasPrefix("ok ") {
            let detail = line.dropFirst(3)
            switch request {
            case .ping: return detail == "pong" ? .success(.pong) : .failure(unexpected)
            case .status: return DaemonStatus(decoding: String(detail)).map { .success(.status($0)) } ?? .failure(unexpected)
            case .restore, .paste, .pause, .resume, .reload, .unlock, .lock, .syncKick, .archiveKick:
                return detail.isEmpty ? .success(.done) : .failure(unexpected)
            }
        }
        let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count == 3, parts[0] == "error", let code = Int32(parts[1]), let status = ExitStatus(rawValue: code) else {
            return .failure(unexpected)
        }
        return .failure(IPCError(status: status, message: parts[2]))
    }

    /// Bytes as lowercase hex: a passphrase may hold spaces or newlines, which the line cannot.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `hex`; nil when it is not an even number of hex digits.
    static func unhex(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            out.append(byte)
        }
        return out
    }

    /// The reply line for an error.
    public static func encodeError(_ error: IPCError) -> String {
        "error \(error.status.rawValue) \(error.message.split(separator: "\n").joined(separator: " "))"
    }
}

/// An error carried over the socket: an exit status and a one-line message.
public struct IPCError: Error, Equatable, Sendable {
    /// The status the client exits with.
    public var status: ExitStatus
    /// The message the client prints.
    public var message: String

    /// An error with `status` and `message`.
    public init(status: ExitStatus, message: String) {
        self.status = status
        self.message = message
    }
}
