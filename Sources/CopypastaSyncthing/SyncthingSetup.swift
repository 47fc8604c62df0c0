import CopypastaSystem

/// Makes a directory a Syncthing folder tuned for sync, or checks the folder that already holds it.
///
/// The folder sync creates is `sync-folder` itself, not its parent: a dedicated folder, so the
/// tuning (a 1 s watcher delay, a rescan a minute) never reaches a large folder, and nothing
/// but sync's files travels in it. Its ID is the same on every machine, so sharing it joins the
/// machines' folders instead of making a second one.
public struct SyncthingSetup: Sendable {
    /// What setup did or found, one line each, and the folder's ID.
    public struct Report: Sendable {
        public var lines: [String] = []
        public var folderID = SyncthingFolder.defaultID
    }

    let api: SyncthingAPI
    let home: String
    let fix: Bool

    /// A setup through `api`; `home` expands `~` in folder paths; `fix` tunes a shared folder too.
    public init(api: SyncthingAPI, home: String, fix: Bool) {
        self.api = api
        self.home = home
        self.fix = fix
    }

    /// Creates or checks the folder of `syncFolder`, the reconnection interval and .stignore.
    public func run(syncFolder: String, database: String) throws(SyncthingError) -> Report {
        let folders = try api.folders()
        var report = Report()
        let directory: String
        var ignoreAdded = false
        if let existing = SyncthingFolder.containing(syncFolder, in: folders, home: home) {
            directory = existing.directory(home: home)
            report.folderID = existing.id
            try tune(existing, dedicated: FolderPath.same(directory, syncFolder), database: database, report: &report)
        } else {
            directory = syncFolder
            // .stignore first, before Syncthing's first scan, so that it never offers a temporary file.
            ignoreAdded = try create(syncFolder, database: database, folders: folders, report: &report)
        }
        try tuneReconnection(report: &report)
        if try StIgnore.ensure(in: directory) || ignoreAdded {
            report.lines.append(".stignore: added \(StIgnore.pattern) in \(directory)")
        } else {
            report.lines.append(".stignore: already ignores \(StIgnore.pattern)")
        }
        return report
    }

    /// Creates the dedicated folder at `path`, with its .stignore; whether .stignore was changed.
    private func create(_ path: String, database: String, folders: [SyncthingFolder], report: inout Report) throws(SyncthingError)
        -> Bool
    {
        if FolderPath.contains(path, database) { throw .databaseInside(database: database, folder: path) }
        if let taken = folders.first(where: { $0.id == SyncthingFolder.defaultID }) {
            throw .folderIDTaken(id: taken.id, path: taken.directory(home: home), wanted: path)
        }
        do {
            try PrivateDirectory.create(path)
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
        let ignoreAdded = try StIgnore.ensure(in: path)
        try api.create(SyncthingFolder(id: SyncthingFolder.defaultID, label: "copypasta history", path: path))
        report.lines.append(
            "folder: created '\(SyncthingFolder.defaultID)' at \(path) (file watcher on, delay"
                + " \(SyncthingFolder.tunedWatcherDelay) s, rescan every \(SyncthingFolder.tunedRescanInterval) s, no versioning)"
        )
        return ignoreAdded
    }

    private func tune(_ folder: SyncthingFolder, dedicated: Bool, database: String, report: inout Report) throws(SyncthingError) {
        let directory = folder.directory(home: home)
        if FolderPath.contains(directory, database) { throw .databaseInside(database: database, folder: directory) }
        report.lines.append("folder: '\(folder.id)' at \(directory) holds sync-folder")
        let changes = folder.changesNeeded
        if changes.isEmpty {
            report.lines.append("folder settings: as sync needs them")
        } else if dedicated || fix {
            try api.patchFolder(id: folder.id, changes.map(\.json))
            for change in changes {
                report.lines.append("changed \(change.setting) of folder '\(folder.id)': \(change.current) -> \(change.wanted)")
            }
        } else {
            for change in changes {
                report.lines.append(
                    "differs: \(change.setting) of folder '\(folder.id)' is \(change.current), sync needs \(change.wanted)")
            }
            report.lines.append(
                "folder '\(folder.id)' holds other files too, so it was left as it is: run 'copypasta sync setup --fix'"
                    + " to tune it anyway, or set sync-folder outside it to get a dedicated folder")
        }
    }

    /// Restarts Syncthing when it waits for a device it could not reach: Syncthing 1.19 schedules
    /// the next dial of an address at the interval it had when it last tried (`previous` s), and
    /// nothing in its REST API dials sooner (a resume, or a pause and a resume, still waited 55 to
    /// 61 s), so the first connection to a machine paired before setup came a minute later. A
    /// fresh start dials at once, then 1, 2, 4 … s apart. Its service manager (or its monitor
    /// process) starts it again; a Syncthing started by hand with --no-restart stops, and the
    /// report says so.
    private func redial(after previous: Int, report: inout Report) throws(SyncthingError) {
        let waiting = try api.unconnectedDevices()
        guard !waiting.isEmpty else { return }
        try api.restart()
        guard api.waitAnswering(seconds: 30) else {
            report.lines.append(
                "Syncthing did not answer within 30 s of its restart: start it again (systemctl --user start syncthing)")
            return
        }
        report.lines.append(
            "restarted Syncthing: it waited up to \(previous) s to dial \(waiting.count) device\(waiting.count == 1 ? "" : "s")"
                + " it could not reach yet; it dials them now")
    }

    private func tuneReconnection(report: inout Report) throws(SyncthingError) {
        let current = try api.reconnectionInterval()
        let wanted = SyncthingFolder.tunedReconnectionInterval
        if current > wanted {
            try api.setReconnectionInterval(wanted)
            report.lines.append("changed options.reconnectionIntervalS: \(current) -> \(wanted)")
            try redial(after: current, report: &report)
        } else {
            report.lines.append("reconnection interval: \(current) s")
        }
    }
}
