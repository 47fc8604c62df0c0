import CopypastaSyncthing
import CopypastaSystem
import Testing

/// The pure parts of `sync setup`: reading config.xml, which folder holds sync-folder, what to
/// tune, and merging .stignore.
@Suite struct SyncthingRulesTests {
    @Test func configXMLGivesTheKeyAndAnAddressOnThisMachine() {
        let xml = """
            <configuration version="36">
                <device id="X"><address>dynamic</address></device>
                <gui enabled="true" tls="false" debugging="false">
                    <address>0.0.0.0:8385</address>
                    <apikey> K9Vgpywo </apikey>
                </gui>
            </configuration>
            """
        let home = SyncthingHome.parse(xml, file: "/c.xml")
        #expect(home == SyncthingHome(configFile: "/c.xml", apiKey: "K9Vgpywo", guiAddress: "http://127.0.0.1:8385"))
        let tls = SyncthingHome.parse(#"<gui enabled="true" tls="true"><address>127.0.0.1:8384</address></gui>"#, file: "f")
        #expect(tls.guiAddress == "https://127.0.0.1:8384" && tls.apiKey == nil)
        #expect(SyncthingHome.parse("<configuration/>", file: "f").guiAddress == nil)
    }

    @Test func theOldHomeIsLookedAtFirst() {
        #expect(
            SyncthingHome.candidates(environment: ["XDG_STATE_HOME": "/s", "XDG_CONFIG_HOME": "relative"], home: "/h") == [
                "/h/.config/syncthing/config.xml", "/s/syncthing/config.xml",
            ])
    }

    @Test func theDeepestFolderHoldingSyncFolderIsChosen() {
        let folders = [
            SyncthingFolder(id: "home", label: "", path: "~"), SyncthingFolder(id: "sync", label: "", path: "~/Sync/"),
            SyncthingFolder(id: "other", label: "", path: "/srv/Sync2"),
        ]
        #expect(SyncthingFolder.containing("/h/Sync/copypasta", in: folders, home: "/h")?.id == "sync")
        #expect(SyncthingFolder.containing("/h/Sync", in: folders, home: "/h")?.id == "sync")
        #expect(SyncthingFolder.containing("/h/Sync2/x", in: folders, home: "/h")?.id == "home")
        #expect(SyncthingFolder.containing("/srv/Sync/x", in: folders, home: "/h") == nil)
        #expect(FolderPath.same("/a/./b/", "/a/c/../b"))
        #expect(!FolderPath.contains("/a/b", "/a/bc"))
    }

    @Test func aFolderWithDefaultsNeedsEverySettingChanged() {
        var folder = SyncthingFolder(id: "f", label: "", path: "/p")
        #expect(folder.changesNeeded.isEmpty)
        folder.fsWatcherEnabled = false
        folder.fsWatcherDelayS = 10
        folder.rescanIntervalS = 3600
        folder.versioning.type = "simple"
        #expect(folder.changesNeeded.map(\.setting) == ["fsWatcherEnabled", "fsWatcherDelayS", "rescanIntervalS", "versioning"])
        #expect(
            folder.changesNeeded.map(\.json).joined(separator: ",")
                == #""fsWatcherEnabled":true,"fsWatcherDelayS":1,"rescanIntervalS":60,"versioning":{"type":""}"#)
    }

    @Test func stignoreGainsThePatternOnce() {
        #expect(StIgnore.merged("") == "// copypasta sync's temporary files\n.cp-tmp-*\n")
        #expect(StIgnore.merged("*.bak") == "*.bak\n// copypasta sync's temporary files\n.cp-tmp-*\n")
        #expect(StIgnore.merged("*.bak\n .cp-tmp-* \n") == nil)
        #expect(StIgnore.merged("#include more\n") == "#include more\n// copypasta sync's temporary files\n.cp-tmp-*\n")
    }
}
