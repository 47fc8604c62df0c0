import Glibc
import TestSupport
import Testing

/// `copypasta sync setup` against a real Syncthing from the harness: it creates the dedicated
/// folder with the tuned settings (read back through REST), shortens the reconnection interval,
/// writes .stignore and records the setup; a second run changes nothing; a folder that holds
/// other files is tuned only with --fix; without Syncthing it says how to install it (exit 69).
@Suite(.serialized) struct SyncSetupTests {
    /// A sandbox whose config sets `sync-folder`, and the `copypasta` commands that use it.
    static func machine(syncFolder: String?) -> (Sandbox, CopypastaBinary) {
        let sandbox = Sandbox()
        if let syncFolder { sandbox.write("config/copypasta/copypasta.conf", "sync-folder = \(sandbox.root)/\(syncFolder)\n") }
        return (sandbox, CopypastaBinary(sandbox: sandbox))
    }

    /// The `sync-setup-at` state row, nil when setup was never recorded (or there is no database).
    static func setupRecorded(_ sandbox: Sandbox) -> String? {
        guard sandbox.mode(sandbox.database) != nil else { return nil }
        let child = try? Child(
            ["sqlite3", sandbox.database, "SELECT value FROM state WHERE key = 'sync-setup-at'"], stdin: false)
        let value = child?.communicate().output.trimmingCharacters(in: " \n") ?? ""
        return value.isEmpty ? nil : value
    }

    @Test func createsTheTunedFolderOnceWithTheKeyFromSyncthingsConfig() throws {
        let (sandbox, cli) = Self.machine(syncFolder: "sync/copypasta")
        // Syncthing's home where `sync setup` looks for config.xml: $XDG_CONFIG_HOME/syncthing.
        let syncthing = try SyncthingInstance(home: sandbox.root + "/config/syncthing", name: "setup")
        defer { syncthing.stop() }
        try syncthing.rest(.patch, "/rest/config/options", json: Array(#"{"reconnectionIntervalS":60}"#.utf8))

        let first = try cli.run("sync", "setup")
        #expect(first.status == 0, "\(first.stderr)\n\(syncthing.logTail())")
        #expect(first.output.contains("Never shared: secure entries"))
        #expect(first.output.contains("API key from \(sandbox.root)/config/syncthing/config.xml"))
        #expect(first.output.contains("folder: created 'copypasta' at \(sandbox.root)/sync/copypasta"))
        #expect(first.output.contains("changed options.reconnectionIntervalS: 60 -> 5"))
        #expect(first.output.contains(".stignore: added .cp-tmp-*"))
        let folder = try syncthing.folder("copypasta")
        #expect(folder.path == sandbox.root + "/sync/copypasta")
        #expect(folder.fsWatcherEnabled && folder.fsWatcherDelayS == 1 && folder.rescanIntervalS == 60)
        #expect(folder.versioning.type == "")
        #expect(try syncthing.rest(.get, "/rest/config/options").text.contains(#""reconnectionIntervalS": 5,"#))
        let ignore = SyncthingConfig.read(sandbox.root + "/sync/copypasta/.stignore") ?? ""
        #expect(ignore.split(separator: "\n").contains(".cp-tmp-*"))
        let recorded = try #require(Self.setupRecorded(sandbox))

        let keyFile = sandbox.write("key", syncthing.apiKey + "\n")
        let second = try cli.run("sync", "setup", "--api-key-file", keyFile, "--gui-address", syncthing.guiAddress)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.output.contains("API key from \(keyFile)"))
        for word in ["created", "changed", "added"] { #expect(!second.output.contains(word), "second run: \(second.output)") }
        #expect(second.output.contains("folder settings: as sync needs them"))
        #expect(SyncthingConfig.read(sandbox.root + "/sync/copypasta/.stignore") == ignore)
        #expect(try syncthing.rest(.get, "/rest/config/folders").text.occurrences(of: #""id":"#) == 1)
        #expect(Self.setupRecorded(sandbox).map { $0 >= recorded } == true)
    }

    @Test func aFolderWithOtherFilesIsTunedOnlyWithFixAndNeverHoldsTheDatabase() throws {
        let (sandbox, cli) = Self.machine(syncFolder: "shared/copypasta")
        let syncthing = try SyncthingInstance(home: sandbox.root + "/st", name: "shared")
        defer { syncthing.stop() }
        try syncthing.shareFolder(id: "default", path: sandbox.root + "/shared", devices: [], tuned: false)
        sandbox.write("shared/.stignore", "*.bak\n")
        let options = ["--api-key", syncthing.apiKey, "--gui-address", syncthing.guiAddress]

        let checked = try cli.run(["sync", "setup"] + options)
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.output.contains("folder: 'default' at \(sandbox.root)/shared holds sync-folder"))
        #expect(checked.output.contains("differs: fsWatcherDelayS of folder 'default' is 10, sync needs 1"))
        #expect(checked.output.contains("sync setup --fix"))
        #expect(try syncthing.folder("default").fsWatcherDelayS == 10)
        #expect(
            SyncthingConfig.read(sandbox.root + "/shared/.stignore") == "*.bak\n// copypasta sync's temporary files\n.cp-tmp-*\n")

        let fixed = try cli.run(["sync", "setup", "--fix"] + options)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.output.contains("changed fsWatcherDelayS of folder 'default': 10 -> 1"))
        #expect(fixed.output.contains("changed rescanIntervalS of folder 'default': 3600 -> 60"))
        #expect(try syncthing.folder("default").fsWatcherDelayS == 1)

        let inside = try cli.run(["--db", sandbox.root + "/shared/history.sqlite3", "sync", "setup"] + options)
        #expect(inside.status == 78)
        #expect(inside.stderr.contains("is inside the Syncthing folder \(sandbox.root)/shared"))
    }

    @Test func withoutSyncthingItSaysHowToInstallItAndLeavesSyncOff() throws {
        let (sandbox, cli) = Self.machine(syncFolder: "sync/copypasta")
        var withoutSyncthing = cli
        withoutSyncthing.environment["PATH"] = sandbox.root + "/bin"
        let result = try withoutSyncthing.run("sync", "setup")
        #expect(result.status == 69)
        #expect(result.output.contains("sudo apt install syncthing"))
        #expect(result.output.contains("systemctl --user enable --now syncthing.service"))
        #expect(result.stderr == "copypasta: Syncthing is not installed (no syncthing on PATH); sync stays off\n")
        #expect(Self.setupRecorded(sandbox) == nil)
    }

    @Test func syncthingNotRunningOrNoSyncFolderIsAClearError() throws {
        let (sandbox, cli) = Self.machine(syncFolder: "sync/copypasta")
        let port = try SyncthingInstance.freePort()
        let stopped = try cli.run("sync", "setup", "--api-key", "k", "--gui-address", "http://127.0.0.1:\(port)")
        #expect(stopped.status == 69)
        #expect(stopped.stderr.contains("Syncthing is not running at http://127.0.0.1:\(port)"))
        #expect(Self.setupRecorded(sandbox) == nil)
        let remote = try cli.run("sync", "setup", "--api-key", "k", "--gui-address", "http://192.0.2.1:8384")
        #expect(remote.status == 64)

        let (_, unset) = Self.machine(syncFolder: nil)
        let result = try unset.run("sync", "setup")
        #expect(result.status == 78)
        #expect(result.stderr.contains("sync-folder is not set"))
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
