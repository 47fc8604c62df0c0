import ArgumentParser
import CopypastaClient

extension Copypasta {
    /// `copypasta config`: the effective configuration.
    struct ConfigCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Print the effective configuration and where each value came from.")

        @OptionGroup var global: GlobalOptions

        /// Also make the running daemon re-read the file.
        @Flag(
            help:
                "Also make the running daemon re-read the config file (like SIGHUP); a bad file is reported and the daemon keeps its old configuration."
        )
        var reload = false

        func run() throws {
            let paths = global.paths()
            let config = try global.loadConfig()
            Output.standard.write("# config file: \(paths.configFile) (\(paths.configOrigin))\n")
            Output.standard.write("# database: \(paths.database) (\(paths.databaseOrigin))\n")
            Output.standard.write(config.rendered() + "\n")
            Output.standard.flush()
            if reload { try DaemonClient.send(.reload, socketPath: paths.socket) }
        }
    }
}
