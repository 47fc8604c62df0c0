import ArgumentParser

extension Copypasta {
    /// `copypasta config`: the effective configuration.
    struct ConfigCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Print the effective configuration and where each value came from.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let paths = global.paths()
            let config = try global.loadConfig()
            Output.standard.write("# config file: \(paths.configFile) (\(paths.configOrigin))\n")
            Output.standard.write("# database: \(paths.database) (\(paths.databaseOrigin))\n")
            Output.standard.write(config.rendered() + "\n")
            Output.standard.flush()
        }
    }
}
