import ArgumentParser

/// The `--limit` and `--offset` of `list` and `search`, which declare them themselves with the
/// help below and make this value with `parsed(limit:offset:)` (see `GlobalOptions`).
struct PageOptions: ParsableArguments {
    /// The name of `--limit` (see `GlobalOptions.dbName`).
    static let limitName = NameSpecification.customLong("limit")
    /// The name of `--offset`.
    static let offsetName = NameSpecification.customLong("offset")
    /// The help of `--limit`.
    static let limitHelp = ArgumentHelp("Show at most this many entries.")
    /// The help of `--offset`.
    static let offsetHelp = ArgumentHelp("Skip this many entries first.")

    @Option(name: PageOptions.limitName, help: PageOptions.limitHelp)
    var limit: Int?

    @Option(name: PageOptions.offsetName, help: PageOptions.offsetHelp)
    var offset = 0

    /// Rejects negative values, which their types cannot rule out (exit 64).
    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, got \(limit)") }
        if offset < 0 { throw ValidationError("--offset must be 0 or more, got \(offset)") }
    }
}

extension PageOptions {
    /// The options as parsed by a command that declares them itself (the memberwise initializer
    /// would make unparsed definitions, not values).
    static func parsed(limit: Int?, offset: Int) -> PageOptions {
        var options = PageOptions()
        options.limit = limit
        options.offset = offset
        return options
    }
}
