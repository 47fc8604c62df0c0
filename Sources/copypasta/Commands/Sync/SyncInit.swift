import ArgumentParser
import CopypastaSync
import Glibc

extension Copypasta {
    /// `copypasta sync init [--name NAME]`: start a synced history in `sync-folder` from this machine.
    struct SyncInit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Start a synced history in sync-folder: make its key and this machine's identity.",
            discussion: """
                Prints this machine's device id, its fingerprint and the join code of the history. Run it on \
                the first machine only; the others join. Running it again prints the same.
                """)

        @OptionGroup var global: GlobalOptions

        @OptionGroup var device: DeviceNameOption

        func run() throws {
            let context = try SyncContext(global, name: device.name)
            let key = try historyKey(context)
            let (identity, _) = try DeviceIdentity.loadOrCreate(context.paths)
            try context.announce(identity, key: key)
            Output.standard.write("code: \(key.code)\n")
            try context.joinHistory(global)
            Output.standard.write(
                """

                The history of this machine is shared through \(context.folder.root).
                The code above is a secret: with it and the folder, anyone can read the history.
                On each other machine, set sync-folder to its copy of this folder, then either
                  copypasta sync join --code -     and type the code, or
                  copypasta sync join              and approve it here with 'copypasta sync approve DEVICE'
                                                   after comparing the fingerprint both machines print.

                """)
            Output.standard.flush()
        }

        /// This machine's key, fitting the folder: the existing one, or a new one and a new marker.
        private func historyKey(_ context: SyncContext) throws -> SyncKey {
            if let key = try context.keyIfAny() {
                if !context.folder.hasMarker { try context.folder.createMarker(key: key) }
                return try context.checkedKey(key)
            }
            if context.folder.hasMarker {
                try context.folder.requireMarker()
                throw SyncError.joinInstead(folder: context.folder.root)
            }
            let key = try SyncKey.create(context.paths)
            do {
                if try !context.folder.createMarker(key: key) { try context.folder.checkMarker(key: key) }
            } catch SyncError.wrongKey {
                unlink(SyncKey.path(context.paths))
                throw SyncError.joinInstead(folder: context.folder.root)
            } catch {
                unlink(SyncKey.path(context.paths))
                throw error
            }
            return key
        }
    }
}
