import ArgumentParser
import CopypastaCore
import CopypastaStore
import CopypastaSystem
import Glibc

/// Options every subcommand accepts: where the database and config file are (copypasta(1) FILES).
struct GlobalOptions: ParsableArguments {
    /// The database path given with --db.
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Use this database file (default: $XDG_DATA_HOME/copypasta/history.sqlite3; env COPYPASTA_DB).", valueName: "path"))
    var db: String?

    /// The config path given with --config.
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Use this config file (default: $XDG_CONFIG_HOME/copypasta/copypasta.conf; env COPYPASTA_CONFIG).", valueName: "path")
    )
    var config: String?

    /// Every path, resolved from the options, the environment and the user.
    func paths() -> Paths {
        Paths.resolve(database: db, config: config, environment: Environment.values, home: Environment.home, uid: getuid())
    }

    /// Opens the history database.
    func openStore() throws -> HistoryStore {
        try HistoryStore(path: paths().database)
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
