import ArgumentParser
import CopypastaCore
import CopypastaStore
import CopypastaSystem
import Glibc

/// Options every subcommand accepts: where the database and config file are (copypasta(1) FILES).
///
/// The commands run most often (`list`, `search`, `show`, `copy`, `status`) declare `--db` and
/// `--config` themselves, with the help below, and make this value with `parsed(db:config:)`: each
/// option group costs the parser a reflection and four protocol-conformance scans per start
/// (docs/DESIGN.md §1).
struct GlobalOptions: ParsableArguments {
    /// The name of `--db`, spelled out: ArgumentParser derives a name from the property's by
    /// converting its case, for each option each time it describes a command's arguments (several
    /// times per parse), which spelled-out names skip.
    static let dbName = NameSpecification.customLong("db")
    /// The name of `--config`.
    static let configName = NameSpecification.customLong("config")
    /// The help of `--db`.
    static let dbHelp = ArgumentHelp(
        "Use this database file (default: $XDG_DATA_HOME/copypasta/history.sqlite3; env COPYPASTA_DB).", valueName: "path")
    /// The help of `--config`.
    static let configHelp = ArgumentHelp(
        "Use this config file (default: $XDG_CONFIG_HOME/copypasta/copypasta.conf; env COPYPASTA_CONFIG).", valueName: "path")

    /// The database path given with --db.
    @Option(name: GlobalOptions.dbName, help: GlobalOptions.dbHelp)
    var db: String?

    /// The config path given with --config.
    @Option(name: GlobalOptions.configName, help: GlobalOptions.configHelp)
    var config: String?

    /// Every path, resolved from the options, the environment and the user.
    func paths() -> Paths {
        Paths.resolve(database: db, config: config, environment: Environment.values, home: Environment.home, uid: getuid())
    }

    /// Opens the history database.
    func openStore() throws -> HistoryStore {
        try HistoryStore(path: paths().database)
    }

    /// Opens the history database for a command that only reads (`list`, `show`, `search`,
    /// `status`, `tags`, `export`…): it creates nothing. A database inside `sync-folder` is
    /// refused with 78 as the daemon refuses it, and a missing one is `noDatabase` (66).
    func openStoreForReading() throws -> HistoryStore {
        let paths = paths()
        _ = try Self.loadConfig(paths)
        return try HistoryStore(path: paths.database, create: false)
    }

    /// Reads the config file; a missing file means defaults. A database inside `sync-folder` is
    /// refused here, so every command that reads the configuration (and the daemon) refuses it.
    func loadConfig() throws -> Config {
        try Self.loadConfig(paths())
    }

    /// Reads the config file of `paths`, as `loadConfig()` does (the agent's start uses it).
    static func loadConfig(_ paths: Paths) throws -> Config {
        let config = try ConfigFile.load(paths.configFile)
        if let problem = config.syncFolderProblem(
            database: paths.database, home: Environment.home, resolve: ConfigFile.realPath)
        {
            throw CopypastaExit.badConfig(problem)
        }
        return config
    }

    /// Moves `--db`/`--config` given before the subcommand to after it, so that
    /// `copypasta --db F list` works like `copypasta list --db F`; after the whole
    /// command path for a command group (`copypasta --db F sync setup`).
    static func hoistingLeadingOptions(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--db" || argument == "--config", index + 1 < arguments.count {
                leading += arguments[index...index + 1]
                index += 2
            } else if argument.hasPrefix("--db=") || argument.hasPrefix("--config=") {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count else { return arguments }
        let end = index + commandPathLength(arguments[index...])
        return Array(arguments[index..<end]) + leading + arguments[end...]
    }

    /// How many of `words` name a command and its subcommands (at least 1: an unknown word is
    /// left for the parser to report).
    private static func commandPathLength(_ words: ArraySlice<String>) -> Int {
        var command: any ParsableCommand.Type = Copypasta.self
        var length = 0
        for word in words {
            guard let sub = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) else {
                break
            }
            command = sub
            length += 1
        }
        return max(length, 1)
    }
}

extension GlobalOptions {
    /// The options as parsed by a command that declares them itself (the memberwise initializer
    /// would make unparsed definitions, not values).
    static func parsed(db: String?, config: String?) -> GlobalOptions {
        var options = GlobalOptions()
        options.db = db
        options.config = config
        return options
    }
}
