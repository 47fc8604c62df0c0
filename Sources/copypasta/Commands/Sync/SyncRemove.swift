import ArgumentParser
import CopypastaSync

extension Copypasta {
    /// `copypasta sync remove DEVICE`: stop handing the history key to a device.
    struct SyncRemove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a device: delete the key sealed to it and tell the other members.",
            discussion: """
                The device is added to this machine's removal list in the folder, so no member waits for its \
                acknowledgements or lists it as pending; approving it again readmits it. A device that already \
                opened the key keeps what it has received: to shut it out of new entries, start a new history \
                (sync init on a new folder) and join the others to it.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The device id, as 'sync pending' or 'sync status' shows it.")
        var device: String

        func run() throws {
            let context = try SyncContext(global)
            let (identity, key) = try context.acting(on: device)
            guard try context.folder.removeDevice(device, by: identity, key: key) else { throw SyncError.noSuchDevice(device) }
            try global.openStore().removePeer(device: device)
            SyncKick.send(global)
            Output.standard.write("removed: \(device)\n")
            Output.standard.flush()
        }
    }
}
