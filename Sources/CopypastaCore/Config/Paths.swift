/// Where copypasta's files live (copypasta(1) FILES, XDG Base Directory specification).
///
/// Computed from an environment dictionary so that the rule is testable
/// without touching the process environment.
public struct Paths: Equatable, Sendable {
    /// The SQLite database file.
    public var database: String
    /// What chose the database path: `--db`, `COPYPASTA_DB` or `default`.
    public var databaseOrigin: String
    /// The configuration file (it may not exist).
    public var configFile: String
    /// What chose the config path: `--config`, `COPYPASTA_CONFIG` or `default`.
    public var configOrigin: String
    /// The default directory of the `on-copy` and `on-capture` hooks.
    public var hooksDirectory: String
    /// The directory of the daemon socket and instance lock.
    public var runtimeDirectory: String

    /// The daemon's Unix socket.
    public var socket: String { runtimeDirectory + "/daemon.sock" }

    /// The directory that holds the database: the machine's sync keys live beside it (mode 0700),
    /// and so will the files an entry keeps. They follow the database rather than a fixed path,
    /// so two databases on one machine (`--db`) are two libraries, and nothing of theirs goes
    /// into the synced folder.
    public var dataDirectory: String {
        guard let slash = database.lastIndex(of: "/") else { return "." }
        return slash == database.startIndex ? "/" : String(database[..<slash])
    }

    /// Resolves every path from the command-line overrides, the environment and the user id.
    public static func resolve(
        database: String?, config: String?, environment: [String: String], home: String, uid: UInt32
    ) -> Paths {
        func nonEmpty(_ key: String) -> String? {
            environment[key].flatMap { $0.isEmpty ? nil : $0 }
        }
        let dataHome = nonEmpty("XDG_DATA_HOME").flatMap(absolute) ?? home + "/.local/share"
        let configHome = nonEmpty("XDG_CONFIG_HOME").flatMap(absolute) ?? home + "/.config"
        let (databasePath, databaseOrigin) = pick(
            database, nonEmpty("COPYPASTA_DB"), "COPYPASTA_DB", dataHome + "/copypasta/history.sqlite3", flag: "--db")
        let (configPath, configOrigin) = pick(
            config, nonEmpty("COPYPASTA_CONFIG"), "COPYPASTA_CONFIG", configHome + "/copypasta/copypasta.conf",
            flag: "--config")
        let runtime =
            nonEmpty("COPYPASTA_RUNTIME_DIR")
            ?? nonEmpty("XDG_RUNTIME_DIR").flatMap(absolute).map { $0 + "/copypasta" }
            ?? "/tmp/copypasta-\(uid)"
        return Paths(
            database: expandTilde(databasePath, home: home), databaseOrigin: databaseOrigin,
            configFile: expandTilde(configPath, home: home), configOrigin: configOrigin,
            hooksDirectory: configHome + "/copypasta/hooks", runtimeDirectory: runtime)
    }

    /// Replaces a leading `~/` with the home directory.
    public static func expandTilde(_ path: String, home: String) -> String {
        path == "~" ? home : path.hasPrefix("~/") ? home + path.dropFirst() : path
    }

    private static func pick(
        _ flagValue: String?, _ envValue: String?, _ envName: String, _ fallback: String, flag: String
    ) -> (String, String) {
        if let flagValue { return (flagValue, flag) }
        if let envValue { return (envValue, envName) }
        return (fallback, "default")
    }

    /// The XDG spec says relative paths in XDG_* variables are invalid and must be ignored.
    private static func absolute(_ path: String) -> String? {
        path.hasPrefix("/") ? path : nil
    }
}
