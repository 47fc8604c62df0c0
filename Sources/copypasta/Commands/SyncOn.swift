import ArgumentParser

extension Copypasta {
    /// `copypasta sync on`.
    struct SyncOn: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "on", abstract: "Share new entries and import other machines' (kept across restarts).")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            _ = try global.loadConfig()
            try global.openStore().setSync(enabled: true)
            SyncKick.send(global)
        }
    }
}
