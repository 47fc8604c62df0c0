import ArgumentParser
import CopypastaCore
import CopypastaDaemon
import CopypastaStore

extension Copypasta {
    /// `copypasta status`.
    struct Status: ParsableCommand {
        /// How the command is named and described in --help.
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show whether capture is paused, entry counts, the database path and size, and the last capture.")

        /// Where the database and the config file are.
        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print one JSON object.")
        var json = false

        /// Runs the command; a failure reaches main, which prints it and exits with its status.
        func run() throws {
            let status = try global.openStore().status()
            let daemon = try Self.daemonFields(socket: global.paths().socket)
            Output.standard.write(json ? Self.json(status, daemon: daemon) : Self.human(status, daemon: daemon))
            Output.standard.flush()
        }

        /// The running daemon's `key=value` status fields, nil when none answers; throws when the socket may be someone else's.
        static func daemonFields(socket: String) throws -> [(String, String)]? {
            let detail: String
            do {
                detail = try DaemonClient.send(.status, socketPath: socket)
            } catch let error as DaemonError where error.exitStatus == .cannotCreate {
                throw error
            } catch {
                return nil
            }
            return detail.split(separator: " ").compactMap { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                return parts.count == 2 ? (parts[0], parts[1]) : nil
            }
        }

        /// The `key: value` lines for a terminal.
        static func human(_ status: StoreStatus, daemon: [(String, String)]?) -> String {
            var lines = "daemon: "
            if let daemon {
                let fields = Dictionary(daemon, uniquingKeysWith: { $1 })
                let uptime = fields["uptime"].flatMap(Int.init).map(HumanFormat.duration) ?? "?"
                lines += "running (pid \(fields["pid"] ?? "?"), display \(fields["display"] ?? "?"), up \(uptime), "
                    + "watching \(fields["selections"] ?? "?"))\n"
            } else {
                lines += "not running\n"
            }
            return lines + """
            paused: \(status.paused ? "yes" : "no")
            entries: \(status.entries) (\(status.pinned) pinned)
            database: \(status.path) (\(HumanFormat.bytes(status.databaseBytes)))
            last capture: \(status.lastCaptureAt?.iso8601 ?? "never")

            """
        }

        /// One JSON object; `daemon` is null when none runs.
        static func json(_ status: StoreStatus, daemon: [(String, String)]?) -> String {
            var path = ""
            JSONLines.appendString(status.path, to: &path)
            let last = status.lastCaptureAt.map { "\"\($0.iso8601)\"" } ?? "null"
            var daemonJSON = "null"
            if let daemon {
                daemonJSON = "{" + daemon.map { key, value in
                    var field = ""
                    JSONLines.appendString(key, to: &field)
                    field += ":"
                    if let number = Int(value) { field += String(number) } else { JSONLines.appendString(value, to: &field) }
                    return field
                }.joined(separator: ",") + "}"
            }
            return "{\"daemon\":\(daemonJSON),\"paused\":\(status.paused),\"entries\":\(status.entries),\"pinned\":\(status.pinned),"
                + "\"database\":\(path),\"databaseBytes\":\(status.databaseBytes),"
                + "\"schemaVersion\":\(status.schemaVersion),\"lastCaptureAt\":\(last)}\n"
        }
    }
}
