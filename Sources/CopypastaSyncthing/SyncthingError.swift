import CopypastaCore

/// Why `copypasta sync setup` could not set up Syncthing, each with the user's next step.
public enum SyncthingError: CopypastaFailure, Equatable {
    /// `sync-folder` is not set in the config file (named).
    case noSyncFolder(configFile: String)
    /// `sync-folder` is not an absolute path.
    case relativeSyncFolder(String)
    /// No `syncthing` executable on PATH.
    case notInstalled
    /// Nothing answers at the GUI address: Syncthing is not running there.
    case notRunning(address: String, reason: String)
    /// Syncthing answered but no API key was given or found.
    case noAPIKey(searched: [String])
    /// Syncthing refused the API key (HTTP 403).
    case apiKeyRefused(address: String)
    /// A REST request answered with an unexpected status.
    case answered(request: String, status: Int, text: String)
    /// A REST answer was not the JSON expected.
    case unreadable(request: String)
    /// Syncthing already has a folder with our folder ID somewhere else.
    case folderIDTaken(id: String, path: String, wanted: String)
    /// The Syncthing folder would carry the live database.
    case databaseInside(database: String, folder: String)
    /// A file of the setup (the sync folder, .stignore) could not be written.
    case cannotWrite(path: String, reason: String)

    public var exitStatus: ExitStatus {
        switch self {
        case .notInstalled, .notRunning, .answered, .unreadable: .unavailable
        case .noAPIKey: .usage
        case .apiKeyRefused: .noPermission
        case .folderIDTaken, .databaseInside, .noSyncFolder, .relativeSyncFolder: .badConfig
        case .cannotWrite: .cannotCreate
        }
    }

    public var description: String {
        switch self {
        case let .noSyncFolder(configFile):
            "sync-folder is not set: add a line like 'sync-folder = ~/Sync/copypasta' (a directory for Syncthing to share)"
                + " to \(configFile), then run 'copypasta sync setup' again"
        case let .relativeSyncFolder(path):
            "sync-folder must be an absolute path or start with ~/, not '\(path)'"
        case .notInstalled:
            "Syncthing is not installed (no syncthing on PATH); sync stays off"
        case let .notRunning(address, reason):
            "Syncthing is not running at \(address) (\(reason)); start it with 'systemctl --user enable --now syncthing.service'"
                + " or pass its address with --gui-address"
        case let .noAPIKey(searched):
            "no Syncthing API key: none in \(searched.joined(separator: " or ")); pass --api-key-file FILE or --api-key KEY"
                + " (Syncthing's GUI: Actions > Settings > General > API Key)"
        case let .apiKeyRefused(address):
            "Syncthing at \(address) refused the API key; copy it from Actions > Settings > General > API Key"
        case let .answered(request, status, text):
            "Syncthing answered \(request) with \(status): \(Visible.message(String(text.prefix(200))))"
        case let .unreadable(request):
            "Syncthing's answer to \(request) is not the JSON expected"
        case let .folderIDTaken(id, path, wanted):
            "Syncthing already has a folder '\(id)' at \(path), not at \(wanted); set sync-folder to a directory inside"
                + " \(path), or remove that folder in Syncthing"
        case let .databaseInside(database, folder):
            "the database \(database) is inside the Syncthing folder \(folder); Syncthing must never copy the live database:"
                + " set sync-folder outside the database's directory, or move the database (--db)"
        case let .cannotWrite(path, reason):
            "cannot write \(path): \(reason)"
        }
    }
}
