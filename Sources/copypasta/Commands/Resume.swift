import ArgumentParser
import CopypastaClient

extension Copypasta {
    /// `copypasta resume`.
    struct Resume: ParsableCommand {
        /// How the command is named and described in --help.
        static let configuration = CommandConfiguration(
            commandName: "resume",abstract: "Start capturing again after pause.")

        /// Where the database and the config file are.
        @OptionGroup var global: GlobalOptions

        /// Runs the command; a failure reaches main, which prints it and exits with its status.
        func run() throws {
            try global.openStore().setPaused(false)
            // The flag in the database is what the daemon obeys; telling it as well puts the change in its log.
            // No daemon is fine; a socket that may be someone else's, or a daemon that fails, is reported.
            try DaemonClient.sendIfRunning(.resume, socketPath: global.paths().socket)
        }
    }
}
