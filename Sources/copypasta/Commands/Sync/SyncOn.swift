import ArgumentParser

extension Copypasta {
    /// `copypasta sync on`.
    struct SyncOn: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "on", abstract: "Share new entries and import other machines' (kept across restarts).")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            _ = try global.loadConfig()
            let store = try global.openStore()
            try store.setSync(enabled: true)
            // Turning sync on again is how the user says a clash of identities was resolved.
            try store.setIdentityClash(nil)
            SyncKick.send(global)
        }
    }
}
