import ArgumentParser
import CopypastaCore
import CopypastaStore
import CopypastaSyncthing
import CopypastaSystem
import Glibc

extension Copypasta {
    /// `copypasta sync setup`: checks Syncthing and makes `sync-folder` a Syncthing folder tuned for sync.
    struct SyncSetup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "setup",
            abstract: "Check Syncthing and create or tune the Syncthing folder that holds sync-folder.",
            discussion: """
                Says what will be shared, checks that Syncthing is installed and running, and through its REST API \
                creates the folder 'copypasta' at sync-folder (file watcher delay 1 s, rescan 60 s, no versioning), \
                sets the reconnection interval to 5 s and adds .cp-tmp-* to the folder's .stignore. A folder that \
                already holds sync-folder is checked; a dedicated one is tuned at once, one that holds other files \
                only with --fix. The API key is read from Syncthing's config.xml when not given. Running it again \
                changes nothing. Without Syncthing it says how to install it and leaves sync off (exit 69).
                """)

        @OptionGroup var global: GlobalOptions

        @Option(
            help: ArgumentHelp("Syncthing's API key (visible to other users in ps: prefer --api-key-file).", valueName: "key"))
        var apiKey: String?

        @Option(
            help: ArgumentHelp(
                "Read Syncthing's API key from the first line of this file ('-': standard input).", valueName: "file"))
        var apiKeyFile: String?

        @Option(
            help: ArgumentHelp(
                "Syncthing's GUI/REST address (default: from its config.xml, else http://127.0.0.1:8384).", valueName: "url"))
        var guiAddress: String?

        @Flag(help: "Also tune a Syncthing folder that holds other files besides sync-folder.")
        var fix = false

        func validate() throws {
            if apiKey != nil && apiKeyFile != nil { throw ValidationError("give --api-key or --api-key-file, not both") }
        }

        func run() throws {
            let paths = global.paths()
            let folder = try Self.syncFolder(try global.loadConfig(), configFile: paths.configFile)
            let out = Output.standard
            out.write(Self.explanation(folder: folder))
            guard let syncthing = Spawn.findExecutable("syncthing") else {
                out.write(Self.installHint)
                throw SyncthingError.notInstalled
            }
            out.write("syncthing: \(syncthing)\n")
            let api = try connect()
            let report = try SyncthingSetup(api: api, home: Environment.home, fix: fix)
                .run(syncFolder: folder, database: paths.database)
            out.write(report.lines.map { $0 + "\n" }.joined())
            try global.openStore().recordSyncSetup(at: .now())
            out.write("setup: recorded\n\n" + Self.nextSteps(folderID: report.folderID, guiAddress: api.client.address.text))
            out.flush()
            SyncKick.reload(global)
        }

        /// `sync-folder` with `~` expanded; throws when it is unset or relative.
        static func syncFolder(_ config: Config, configFile: String) throws -> String {
            guard let folder = config.syncFolderPath(home: Environment.home) else {
                throw SyncthingError.noSyncFolder(configFile: configFile)
            }
            guard folder.hasPrefix("/") else { throw SyncthingError.relativeSyncFolder(config.syncFolder) }
            return folder
        }
    }
}
