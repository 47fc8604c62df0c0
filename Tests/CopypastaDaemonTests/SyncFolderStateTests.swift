import CopypastaCore
import TestSupport
import Testing

@testable import CopypastaDaemon

/// The sync engine's state of one folder (`SyncEngine.FolderState`) is one value: another folder
/// replaces it whole.
@Suite struct SyncFolderStateTests {
    let shared = Sandbox()

    @Test func anotherFolderStartsOverWithNothingLearntOfTheOldOne() throws {
        _ = Child.runQuietly(["mkdir", "-p", shared.root + "/synced/copypasta", shared.root + "/other"])
        let machine = try SyncMachine(folder: shared.root + "/synced/copypasta")
        _ = try machine.join(name: "desk")
        machine.settle()
        machine.engine.state.reported.insert("a name logged in the old folder")
        machine.engine.state.seenTemporaries.insert(".syncthing.s-1.cps.tmp")
        // A pack the old folder needed; nothing this device wrote is missing from the new one.
        machine.engine.state.compactionDue = true
        var config = machine.engine.config
        config.syncFolder = shared.root + "/other"
        machine.engine.reconfigure(config)
        #expect(machine.engine.state.folder?.root == shared.root + "/other")
        #expect(!machine.engine.state.reported.contains("a name logged in the old folder"))
        #expect(machine.engine.state.seenTemporaries.isEmpty)
        #expect(!machine.engine.state.compactionDue)
    }
}
