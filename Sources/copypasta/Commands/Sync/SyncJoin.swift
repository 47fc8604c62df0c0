import ArgumentParser
import CopypastaSync

extension Copypasta {
    /// `copypasta sync join [--code CODE|-] [--name NAME]`: join the history another machine started.
    struct SyncJoin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "join",
            abstract: "Join the synced history in sync-folder, with its code or by approval.",
            discussion: """
                With --code, the key is checked against the folder and saved (a wrong code exits 77 and saves \
                nothing). Without it, this machine asks to join: approve it on a machine already in the history \
                with 'copypasta sync approve DEVICE' after comparing fingerprints; the daemon then picks up the \
                key, or run join again.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(
            help: ArgumentHelp(
                "The join code 'sync init' or 'sync code' printed; - reads it from standard input (keeps it off the command line).",
                valueName: "code"))
        var code: String?

        @OptionGroup var device: DeviceNameOption

        func run() throws {
            let context = try SyncContext(global, name: device.name)
            try context.folder.requireMarker()
            let given = try code.map { try SyncKey.parse(code: $0 == "-" ? SyncContext.codeFromStandardInput() : $0) }
            // A code of another history changes nothing here, not even this machine's identity.
            if let given { try context.folder.checkMarker(key: given) }
            let (identity, _) = try DeviceIdentity.loadOrCreate(context.paths)
            let key = try joinedKey(context, given: given, identity: identity)
            try context.announce(identity, key: key)
            try context.joinHistory(global)
            if key != nil {
                Output.standard.write("joined: this machine holds the history key of \(context.folder.root)\n")
            } else {
                Output.standard.write(
                    """
                    waiting: run 'copypasta sync approve \(identity.id)' on a machine already in sync,
                    after checking that it shows the fingerprint above for this device.

                    """)
            }
            Output.standard.flush()
        }

        /// The key this machine now holds: its own (which must fit), the code's, or one sealed to it.
        private func joinedKey(_ context: SyncContext, given: SyncKey?, identity: DeviceIdentity) throws -> SyncKey? {
            if let key = try context.keyIfAny() {
                let key = try context.checkedKey(key)
                if let given, !given.matches(key) { try context.folder.checkMarker(key: given) }
                return key
            }
            if let given {
                try context.folder.checkMarker(key: given)
                try given.save(context.paths)
                return given
            }
            return try context.folder.adoptKeyBox(identity: identity, paths: context.paths)
        }
    }
}
