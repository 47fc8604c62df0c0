import ArgumentParser
import CopypastaClient

extension Copypasta {
    /// `copypasta lock`: the daemon forgets the key of the secure entries at once.
    struct Lock: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lock",
            abstract: "Make the daemon forget the passphrase's key now; secure entries need the passphrase again.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            // Without a daemon nothing holds a key: every command asks for the passphrase itself.
            try DaemonClient.sendIfRunning(.lock, socketPath: global.paths().socket)
        }
    }
}
