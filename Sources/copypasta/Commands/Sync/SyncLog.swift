import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta sync log`.
    struct SyncLog: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log", abstract: "Show the sync activity log (imports, failures, decrypt errors), oldest first.")

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("Show the newest N lines (default 50; the log keeps 1000).", valueName: "n"))
        var limit = 50

        @Flag(help: "Print JSON Lines.")
        var json = false

        func validate() throws {
            if limit < 1 { throw ValidationError("--limit must be at least 1") }
        }

        func run() throws {
            for entry in try global.openStore().syncLogEntries(limit: limit) {
                Output.standard.write(json ? Self.json(entry) : Self.human(entry))
            }
            Output.standard.flush()
        }

        /// `TIME LEVEL [DEVICE] CODE: DETAIL`.
        static func human(_ entry: SyncLogEntry) -> String {
            "\(entry.at.iso8601) \(entry.level)\(entry.device.map { " " + $0 } ?? "") \(entry.code): \(Visible.message(entry.detail, limit: 200))\n"
        }

        /// One JSON object per line.
        static func json(_ entry: SyncLogEntry) -> String {
            "{\"at\":\"\(entry.at.iso8601)\",\"level\":\(SyncSummary.quoted(entry.level)),\"device\":\(SyncSummary.quoted(entry.device)),"
                + "\"code\":\(SyncSummary.quoted(entry.code)),\"detail\":\(SyncSummary.quoted(entry.detail))}\n"
        }
    }
}
