import ArgumentParser
import CopypastaDaemon

extension Copypasta {
    /// `copypasta resume`.
    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resume",abstract: "Start capturing again after pause.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try global.openStore().setPaused(false)
            // The flag in the database is what the daemon obeys; telling it as well puts the change in its log.
            _ = try? DaemonClient.send(.resume, socketPath: global.paths().socket)
        }
    }
}
