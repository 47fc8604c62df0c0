import ArgumentParser

extension Copypasta {
    /// `copypasta sync`: one history across machines through a synced folder (docs/DESIGN.md §14).
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Share the history with your other machines through a folder Syncthing replicates.",
            subcommands: [SyncSetup.self])
    }
}
