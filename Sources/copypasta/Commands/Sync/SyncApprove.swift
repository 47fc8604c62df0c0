import ArgumentParser
import CopypastaSync

extension Copypasta {
    /// `copypasta sync approve DEVICE [--fingerprint F]`: hand the history key to a device that asked to join.
    struct SyncApprove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "approve",
            abstract: "Let a device that asked to join read the history: seal the key to it.",
            discussion: """
                Compare the fingerprint 'sync pending' shows with the one the other machine printed first: \
                the key goes to whoever holds that device's secret key. With --fingerprint the comparison is \
                made here, and a different one exits 77 without approving.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(
            help: ArgumentHelp(
                "Approve only if the device's fingerprint is this one (case, dashes and spaces do not matter).",
                valueName: "fingerprint"))
        var fingerprint: String?

        @Argument(help: "The device id, as 'sync pending' shows it.")
        var device: String

        func run() throws {
            let context = try SyncContext(global)
            let (identity, key) = try context.acting(on: device)
            guard let peer = try context.folder.device(device) else { throw SyncError.noSuchDevice(device) }
            if let fingerprint, DeviceFingerprint.normalized(fingerprint) != peer.fingerprint {
                throw SyncError.fingerprintMismatch(device: device, expected: fingerprint, found: peer.fingerprint)
            }
            try context.folder.writeKeyBox(for: peer, key: key, by: identity)
            try context.folder.readmit(peer.id, by: identity, key: key)
            Output.standard.write("approved: \(peer.id)\t\(peer.name)\t\(peer.fingerprint)\n")
            Output.standard.flush()
            SyncKick.reload(global)
        }
    }
}
