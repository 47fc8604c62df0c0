import ArgumentParser
import CopypastaClient
import CopypastaCore
import CopypastaStore
import CopypastaSync
import CopypastaSystem

extension Copypasta {
    /// `copypasta status`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show whether capture is paused, entry counts, the database path and size, and the last capture.")

        // The options of GlobalOptions, declared here rather than as an option group (GlobalOptions).
        @Option(name: GlobalOptions.dbName, help: GlobalOptions.dbHelp)
        var db: String?
        @Option(name: GlobalOptions.configName, help: GlobalOptions.configHelp)
        var config: String?

        private var global: GlobalOptions { GlobalOptions.parsed(db: db, config: config) }

        @Flag(name: .customLong("json"), help: "Print one JSON object.")
        var json = false

        func run() throws {
            let store = try global.openStoreForReading()
            let status = try store.status()
            // The sync counts are read only once this machine was set up for sync.
            let sync = try store.syncSettings().isSetUp ? SyncSummary(store) : nil
            var daemon: DaemonStatus?
            var silent: (pid: Int32, error: ClientError)?
            do {
                daemon = try Self.daemonStatus(socket: global.paths().socket)
            } catch let error as ClientError {
                guard case let .notAnswering(_, pid, _) = error else { throw error }
                silent = (pid, error)
            }
            if json {
                var object = Self.json(status, daemon: daemon, silentPid: silent?.pid)
                if let sync { object = String(object.dropLast(2)) + "," + sync.jsonFields + "}\n" }
                Output.standard.write(object)
            } else {
                Output.standard.write(
                    Self.human(status, daemon: daemon, silentPid: silent?.pid) + (sync?.humanLine ?? "")
                        + (sync == nil ? "" : limits()))
            }
            Output.standard.flush()
            // The rest of the status is printed, but a daemon that does not answer fails the command (69).
            if let silent { throw silent.error }
        }

        /// How long status waits for the daemon's answer, in seconds: a daemon that is alive answers
        /// within milliseconds (long work runs in slices between requests, docs/DESIGN.md §2).
        static let answerSeconds = 3

        /// The note on machines of the synced history with another `max-entries` (see `SyncLimits`).
        private func limits() -> String {
            guard let config = try? global.loadConfig(), let folder = config.syncFolderPath(home: Environment.home) else {
                return ""
            }
            let me = try? DeviceIdentity.load(global.paths()).id
            return SyncLimits.note(mine: config.maxEntries, folder: SyncFolder(root: folder), me: me)
        }

        /// What the running daemon reports, nil when none runs; throws `notAnswering` for a daemon
        /// that does not answer, and when the socket may be someone else's.
        static func daemonStatus(socket: String) throws -> DaemonStatus? {
            do {
                guard case let .status(status) = try DaemonClient.send(.status, socketPath: socket, timeout: answerSeconds)
                else { return nil }
                return status
            } catch let error as SystemError {
                throw error
            } catch let error as ClientError {
                if case .notAnswering = error { throw error }
                return nil
            } catch {
                return nil
            }
        }

        /// The `key: value` lines for a terminal.
        static func human(_ status: StoreStatus, daemon: DaemonStatus?, silentPid: Int32? = nil) -> String {
            var lines = "daemon: "
            if let daemon {
                let selections = daemon.selections.map(\.rawValue).joined(separator: ",")
                lines +=
                    "running (pid \(daemon.pid), display \(daemon.display), up \(HumanFormat.duration(Int(daemon.uptimeSeconds))), "
                    + "watching \(selections)\(daemon.clipboardManager ? ", the clipboard manager" : ""))\n"
            } else if let silentPid {
                lines += "running (pid \(silentPid)) but not answering (stopped or stuck)\n"
            } else {
                lines += "not running\n"
            }
            if let stale = staleConfig(daemon) { lines += "config: \(stale)\n" }
            if let hotkey = daemon.flatMap(hotkeyLine) { lines += "pick-hotkey: \(hotkey)\n" }
            return lines + """
                paused: \(status.paused ? "yes" : "no")
                entries: \(status.entries) (\(status.pinned) pinned)
                database: \(status.path) (\(HumanFormat.bytes(status.databaseBytes)))
                last capture: \(status.lastCaptureAt?.iso8601 ?? "never")

                """
        }

        /// One JSON object; `daemon` is null when none runs.
        static func json(_ status: StoreStatus, daemon: DaemonStatus?, silentPid: Int32? = nil) -> String {
            let last = status.lastCaptureAt.map { "\"\($0.iso8601)\"" } ?? "null"
            var daemonJSON = silentPid.map { "{\"pid\":\($0),\"answering\":false}" } ?? "null"
            if let daemon {
                let selections = daemon.selections.map(\.rawValue).joined(separator: ",")
                daemonJSON =
                    "{\"pid\":\(daemon.pid),\"display\":\(quoted(daemon.display)),\"uptime\":\(daemon.uptimeSeconds),"
                    + "\"selections\":\(quoted(selections)),\"lastCaptureAt\":\(quoted(daemon.lastCaptureAt?.iso8601 ?? "never")),"
                    + "\"clipboardManager\":\(daemon.clipboardManager),\"configLoaded\":\(staleConfig(daemon) == nil),"
                    + "\"pickHotkey\":\(daemon.pickHotkey.map(quoted) ?? "null"),"
                    + "\"pickHotkeyState\":\(daemon.pickHotkeyState.map(quoted) ?? "null")}"
            }
            return
                "{\"daemon\":\(daemonJSON),\"paused\":\(status.paused),\"entries\":\(status.entries),\"pinned\":\(status.pinned),"
                + "\"database\":\(quoted(status.path)),\"databaseBytes\":\(status.databaseBytes),"
                + "\"schemaVersion\":\(status.schemaVersion),\"lastCaptureAt\":\(last)}\n"
        }

        /// What to say when the running daemon's config file changed since it loaded it (edited, or
        /// `sync-folder` set by hand before `sync join`): the daemon still runs the older one. Nil
        /// when it runs what the file says, or does not report it.
        static func staleConfig(_ daemon: DaemonStatus?) -> String? {
            guard let daemon, let file = daemon.configFile, let stamp = daemon.configStamp, ConfigFile.stamp(file) != stamp
            else { return nil }
            return "\(file) changed since the daemon loaded it; 'copypasta config --reload' applies it"
        }

        /// What became of the daemon's `pick-hotkey`, nil when none is configured.
        static func hotkeyLine(_ daemon: DaemonStatus) -> String? {
            guard let key = daemon.pickHotkey, let state = daemon.pickHotkeyState else { return nil }
            switch state {
            case "grabbed": return "\(key) (runs copypasta pick)"
            case "taken": return "\(key) is held by another client; not bound (free it there, or choose another key)"
            case "unknown-key": return "\(key) names a key this keyboard does not have; not bound"
            default: return "\(key) (\(state))"
            }
        }

        private static func quoted(_ text: String) -> String {
            var json = ""
            JSONLines.appendString(text, to: &json)
            return json
        }
    }
}
