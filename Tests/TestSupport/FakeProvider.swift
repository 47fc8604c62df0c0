import Glibc

/// The fake AI provider of Tests/Fixtures/ai/provider.py on loopback: both API shapes, the
/// request checks (headers, model, the key only in its header, no forbidden text) and one
/// behaviour (`mode`): success, 401, 429, 529, busy, stall, malformed, cut, truncated.
public final class FakeProvider: LoopbackFixture, @unchecked Sendable {
    /// The file each request appends a line to: `ok PATH` or `violation: WHY`.
    public let log: String
    /// The file whose lines must never arrive (texts the test marks secret).
    public let forbidden: String

    /// Starts the provider in `mode`, expecting `key` ("-": none), its files inside `directory`.
    public init(mode: String, key: String, directory: String) throws {
        log = directory + "/provider.log"
        forbidden = directory + "/forbidden.txt"
        let keyFile = directory + "/provider.key"
        let fd = open(keyFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if fd >= 0 {
            _ = Array(key.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        try super.init("ai/provider.py", [mode, keyFile, forbidden, log], name: "the fake AI provider")
    }

    /// The endpoint to configure (`ai-endpoint`).
    public var endpoint: String { "http://127.0.0.1:\(port)" }

    /// The lines of the log: one per request received.
    public var requests: [String] {
        let fd = open(log, O_RDONLY)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(fd, &chunk, chunk.count), count > 0 { bytes += chunk[..<count] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
