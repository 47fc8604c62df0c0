import ArgumentParser
import CopypastaDaemon

extension Copypasta {
    /// `copypasta daemon`: the capture agent in the foreground.
    struct Daemon: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "daemon",
            abstract: "Run the clipboard agent in the foreground; logs go to standard error.",
            discussion: """
                SIGTERM or SIGINT stops it (exit 0), SIGHUP reloads the config file. It exits 69 when the X \
                display is unavailable or lost, 75 when another daemon already serves the database, 78 on a bad \
                config file.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("The X display to use (default: $DISPLAY).", valueName: "display"))
        var display: String?

        @Flag(name: [.short, .long], help: "Log every event, including unchanged copies and finished hooks.")
        var verbose = false

        func run() throws {
            // A fresh image runs the agent (AgentStart); this process goes on only if it cannot.
            AgentStart.exec(database: global.db, config: global.config, display: display, verbose: verbose)
            let config = try global.loadConfig()
            let logger = Agent.makeLogger(verbose: verbose)
            let agent = try Agent(paths: global.paths(), config: config, displayName: display, logger: logger)
            let status = agent.run()
            if status != .success { throw ExitCode(status.rawValue) }
        }
    }
}
