import ArgumentParser
import CopypastaDaemon

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
            _ = try? DaemonClient.send(.pause, socketPath: global.paths().socket)
        }
    }
}
