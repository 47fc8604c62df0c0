import ArgumentParser
import CopypastaClient

extension Copypasta {
    /// `copypasta pause`.
    struct Pause: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pause",
            abstract: "Stop capturing until resume; the flag is kept across restarts.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try global.openStore().setPaused(true)
            // The flag in the database is what the daemon obeys; telling it as well puts the change in its log.
            // No daemon is fine; a socket that may be someone else's, or a daemon that fails, is reported.
            try DaemonClient.sendIfRunning(.pause, socketPath: global.paths().socket)
        }
    }
}
