import Glibc

/// One machine of a sync test: its own desktop (Xvfb, sandbox, CLI) and its own Syncthing on
/// loopback, whose folder `copypasta` is the machine's `sync-folder`.
///
/// `SyncthingMachine.connect` pairs machines and shares the folder among them the way a user does in
/// Syncthing's GUI after `copypasta sync setup` (same folder ID everywhere, tuned by default).
public final class SyncthingMachine: @unchecked Sendable {
    /// The Syncthing folder ID, as `sync setup` creates it.
    public static let folderID = "copypasta"

    /// A name for messages (`alpha`, `beta`).
    public let name: String
    /// The desktop: sandbox, X server, copypasta CLI, daemon.
    public let desktop: Desktop
    /// This machine's Syncthing.
    public let syncthing: SyncthingInstance
    /// The `sync-folder` of this machine, the root of its Syncthing folder.
    public let syncFolder: String

    /// Starts the X server and Syncthing; `config` is the rest of the config file (`sync-folder` is added).
    public init(name: String, config: String = "") throws {
        self.name = name
        desktop = try Desktop()
        syncFolder = desktop.sandbox.root + "/sync/copypasta"
        desktop.sandbox.write("config/copypasta/copypasta.conf", config + "\nsync-folder = \(syncFolder)\n")
        syncthing = try SyncthingInstance(home: desktop.sandbox.root + "/syncthing", name: name)
    }

    deinit { syncthing.stop() }

    /// The copypasta CLI of this machine.
    public var cli: CopypastaBinary { desktop.cli }

    /// The daemon's and Syncthing's logs, for failure messages.
    public var logs: String {
        "--- copypasta \(name) daemon log ---\n\(desktop.log)\n\(syncthing.logTail())"
    }

    /// Pairs every machine with every other (the earlier one in `machines` dials), shares the folder among all of them (`tuned` as
    /// `sync setup` sets it, else Syncthing's defaults) and waits until all are connected.
    public static func connect(_ machines: [SyncthingMachine], tuned: Bool = true, seconds: Double = 30) throws {
        for (index, machine) in machines.enumerated() {
            for other in machines[(index + 1)...] { try machine.syncthing.pair(with: other.syncthing) }
        }
        for machine in machines {
            let others = machines.filter { $0 !== machine }.map(\.syncthing)
            try machine.syncthing.shareFolder(id: folderID, path: machine.syncFolder, devices: others, tuned: tuned)
            machine.desktop.sandbox.write("sync/copypasta/.stignore", ".cp-tmp-*\n")
        }
        try waitConnected(machines, seconds: seconds)
    }

    /// Adds `newcomer` to machines already connected: pairs it with each, shares the folder both ways.
    public static func join(
        _ newcomer: SyncthingMachine, to machines: [SyncthingMachine], tuned: Bool = true, seconds: Double = 30
    )
        throws
    {
        // The newcomer learns the others first, so that their first dial to it is not refused as
        // coming from an unknown device; they dial it (see `SyncthingInstance.pair`).
        for machine in machines { try newcomer.syncthing.addDevice(machine.syncthing, dials: false) }
        try newcomer.syncthing.shareFolder(
            id: folderID, path: newcomer.syncFolder, devices: machines.map(\.syncthing), tuned: tuned)
        for machine in machines {
            try machine.syncthing.addDevice(newcomer.syncthing, dials: true)
            try machine.syncthing.addToFolder(id: folderID, device: newcomer.syncthing)
        }
        newcomer.desktop.sandbox.write("sync/copypasta/.stignore", ".cp-tmp-*\n")
        try waitConnected(machines + [newcomer], seconds: seconds)
    }

    /// Waits until every machine is connected to every other; throws with the logs otherwise.
    public static func waitConnected(_ machines: [SyncthingMachine], seconds: Double = 30) throws {
        let connected = waitUntil(seconds: seconds) {
            machines.allSatisfy { machine in
                machines.allSatisfy { other in other === machine || machine.syncthing.isConnected(to: other.syncthing) }
            }
        }
        guard connected else {
            throw SpawnError(
                "the Syncthings did not connect\n" + machines.map(\.syncthing).map { $0.logTail() }.joined(separator: "\n"))
        }
    }
}
