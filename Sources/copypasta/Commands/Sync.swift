import ArgumentParser

extension Copypasta {
    /// `copypasta sync …`: sync between machines (copypasta(1) SYNC). Every subcommand lives in
    /// its own file in Sources/copypasta/Commands/Sync/ (`SyncInit.swift`, …), with what they share;
    /// `on`, `off`, `pause` and `resume` are rows of the table in Sources/copypasta/Commands/Toggle.swift.
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Share the history with your other machines through a synced folder.",
            subcommands: [
                SyncSetup.self, SyncInit.self, SyncJoin.self, SyncPending.self, SyncApprove.self, SyncRemove.self, SyncCode.self,
                SyncOn.self, SyncOff.self, SyncPause.self, SyncResume.self, SyncRetry.self, SyncLog.self, SyncStatus.self,
            ])
    }
}
