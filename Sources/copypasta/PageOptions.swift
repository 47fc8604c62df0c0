import ArgumentParser

/// The `--limit` and `--offset` of `list` and `search`.
struct PageOptions: ParsableArguments {
    @Option(help: "Show at most this many entries.")
    var limit: Int?

    @Option(help: "Skip this many entries first.")
    var offset = 0

    /// Rejects negative values, which their types cannot rule out (exit 64).
    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, got \(limit)") }
        if offset < 0 { throw ValidationError("--offset must be 0 or more, got \(offset)") }
    }
}
