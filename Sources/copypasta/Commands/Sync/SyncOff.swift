import ArgumentParser

extension Copypasta {
    /// `copypasta sync off`.
    struct SyncOff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "off", abstract: "Stop writing and importing; new entries stay local (kept across restarts).")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try global.openStore().setSync(enabled: false)
            SyncKick.send(global)
        }
    }
}
