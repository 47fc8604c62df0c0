import ArgumentParser
import CopypastaCore
import CopypastaStore

extension Copypasta {
    /// `copypasta status`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show whether capture is paused, entry counts, the database path and size, and the last capture.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print one JSON object.")
        var json = false

        func run() throws {
            let status = try global.openStore().status()
            Output.standard.write(json ? Self.json(status) : Self.human(status))
            Output.standard.flush()
        }

        static func human(_ status: StoreStatus) -> String {
            """
            paused: \(status.paused ? "yes" : "no")
            entries: \(status.entries) (\(status.pinned) pinned)
            database: \(status.path) (\(formatBytes(status.databaseBytes)) on disk, \(formatBytes(status.textBytes)) of text)
            last capture: \(status.lastCaptureAt?.iso8601 ?? "never")

            """
        }

        static func json(_ status: StoreStatus) -> String {
            var path = ""
            JSONLines.appendString(status.path, to: &path)
            let last = status.lastCaptureAt.map { "\"\($0.iso8601)\"" } ?? "null"
            return "{\"paused\":\(status.paused),\"entries\":\(status.entries),\"pinned\":\(status.pinned),"
                + "\"database\":\(path),\"databaseBytes\":\(status.databaseBytes),\"textBytes\":\(status.textBytes),"
                + "\"schemaVersion\":\(status.schemaVersion),\"lastCaptureAt\":\(last)}\n"
        }

        static func formatBytes(_ bytes: Int) -> String {
            let units = ["B", "KiB", "MiB", "GiB"]
            var value = Double(bytes)
            var unit = 0
            while value >= 1024, unit < units.count - 1 {
                value /= 1024
                unit += 1
            }
            if unit == 0 { return "\(bytes) B" }
            let tenths = Int((value * 10).rounded())
            return "\(tenths / 10).\(tenths % 10) \(units[unit])"
        }
    }
}
