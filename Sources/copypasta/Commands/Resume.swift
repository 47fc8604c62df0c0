import ArgumentParser
import CopypastaClient

extension Copypasta {
    /// `copypasta resume`.
    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resume", abstract: "Start capturing again after pause.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try global.openStore().setPaused(false)
            // The flag in the database is what the daemon obeys; telling it as well puts the change in its log.
            // No daemon is fine; a socket that may be someone else's, or a daemon that fails, is reported.
            try DaemonClient.sendIfRunning(.resume, socketPath: global.paths().socket)
        }
    }
}
