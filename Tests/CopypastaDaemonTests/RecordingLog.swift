import Logging

/// The lines a policy logged, as "message key=value …" with the keys sorted.
final class RecordingLog: @unchecked Sendable {
    private(set) var lines: [String] = []

    /// A logger that writes here, every level included.
    var logger: Logger {
        Logger(label: "test") { _ in Handler(log: self) }
    }

    /// Whether a line contains all of `parts`.
    func contains(_ parts: String...) -> Bool {
        lines.contains { line in parts.allSatisfy { line.contains($0) } }
    }

    fileprivate func append(_ line: String) { lines.append(line) }

    private struct Handler: LogHandler {
        let log: RecordingLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            log.append(([event.message.description] + fields).joined(separator: " "))
        }
    }
}
