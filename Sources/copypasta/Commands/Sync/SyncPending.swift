import ArgumentParser
import CopypastaSync

extension Copypasta {
    /// `copypasta sync pending`: devices that asked to join and wait for an approval.
    struct SyncPending: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pending",
            abstract: "List the devices that asked to join and are not approved (nor removed) yet: id, name, fingerprint.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try SyncContext(global)
            let identity = try DeviceIdentity.load(context.paths)
            let key = try context.keyIfAny()
            let settled = try context.folder.approvedDevices().union(key.map(context.folder.removedDevices) ?? [])
            for device in try context.folder.devices(key: key).devices
            where device.id != identity.id && !device.member && !settled.contains(device.id) {
                Output.standard.write("\(device.id)\t\(device.name)\t\(device.fingerprint)\n")
            }
            Output.standard.flush()
        }
    }
}
