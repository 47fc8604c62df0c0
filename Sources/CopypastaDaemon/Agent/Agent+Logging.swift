import Logging

extension Agent {
    /// Sets up logging to stderr (journald under systemd) and returns the daemon's logger.
    ///
    /// Log lines carry ids, byte counts, apps and reasons; never clipboard text.
    public static func makeLogger(verbose: Bool) -> Logger {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = verbose ? .debug : .info
            return handler
        }
        return Logger(label: "copypasta")
    }
}
