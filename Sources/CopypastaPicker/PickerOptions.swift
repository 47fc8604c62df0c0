/// The picker's command line, written by `copypasta pick` (Sources/copypasta/Commands/Pick.swift):
/// `copypasta-picker --db PATH --config PATH --copypasta PATH [--query TEXT] [--enter copy|paste|type]
/// [--selection clipboard|primary|both]`.
public struct PickerOptions: Equatable, Sendable {
    /// What Enter does: `pick` without flags copies, `pick --paste` pastes, `pick --type` types.
    public enum Enter: String, Sendable {
        case copy, paste, type
    }

    /// The history database.
    public var database = ""
    /// The config file.
    public var config = ""
    /// The copypasta executable that runs the actions (`copy`, `paste`, `type`, `add`).
    public var copypasta = ""
    /// The initial query, in `search` syntax.
    public var query = ""
    /// What Enter does.
    public var enter = Enter.copy
    /// The selections a copy goes to: `clipboard`, `primary` or `both`.
    public var selection = "clipboard"

    /// Options with every path given.
    public init(database: String = "", config: String = "", copypasta: String = "") {
        self.database = database
        self.config = config
        self.copypasta = copypasta
    }

    /// Parses `arguments` (without the program name); the error is a one-line usage problem.
    public static func parse(_ arguments: [String]) -> Result<PickerOptions, PickerUsageError> {
        var options = PickerOptions()
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            guard index + 1 < arguments.count else { return .failure(PickerUsageError("\(name) needs a value")) }
            let value = arguments[index + 1]
            switch name {
            case "--db": options.database = value
            case "--config": options.config = value
            case "--copypasta": options.copypasta = value
            case "--query": options.query = value
            case "--enter":
                guard let enter = Enter(rawValue: value) else { return .failure(PickerUsageError("bad --enter \(value)")) }
                options.enter = enter
            case "--selection":
                guard ["clipboard", "primary", "both"].contains(value) else {
                    return .failure(PickerUsageError("bad --selection \(value)"))
                }
                options.selection = value
            default: return .failure(PickerUsageError("unknown option \(name)"))
            }
            index += 2
        }
        if options.database.isEmpty || options.config.isEmpty || options.copypasta.isEmpty {
            return .failure(PickerUsageError("--db, --config and --copypasta are required (run copypasta pick)"))
        }
        return .success(options)
    }
}

/// A bad picker command line.
public struct PickerUsageError: Error, Equatable, CustomStringConvertible {
    /// The problem.
    public let description: String

    init(_ description: String) { self.description = description }
}
