import ArgumentParser

extension Copypasta {
    /// `copypasta sync resume`.
    struct SyncResume: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resume", abstract: "Write what was queued during a pause and import again.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try global.openStore().setSync(paused: false)
            SyncKick.send(global)
        }
    }
}
