import ArgumentParser

extension Copypasta {
    /// `copypasta sync pause`.
    struct SyncPause: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pause", abstract: "Keep queueing entries but write and import nothing until sync resume.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try global.openStore().setSync(paused: true)
            SyncKick.send(global)
        }
    }
}
