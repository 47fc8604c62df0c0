import CopypastaCore
import CopypastaStore

/// The sync lines of `status` and `sync status`: the switch and how many entries are in each state.
struct SyncSummary {
    var settings: SyncSettings
    var counts: [SyncState: Int]

    /// Reads the summary from `store`.
    init(_ store: HistoryStore) throws {
        settings = try store.syncSettings()
        counts = try store.syncCounts()
    }

    /// `on`, `off` or `paused`.
    var word: String { !settings.enabled ? "off" : settings.paused ? "paused" : "on" }

    /// `3 local, 1 pending, 40 synced, 0 failed`.
    var countsLine: String {
        SyncState.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
    }

    /// The `sync: …` line of a terminal report.
    var humanLine: String { "sync: \(word) (\(countsLine))\n" }

    /// `"sync":"on","syncCounts":{"local":3,…}` (no braces around), for a JSON object.
    var jsonFields: String {
        let counts = SyncState.allCases.map { "\"\($0.rawValue)\":\(self.counts[$0] ?? 0)" }.joined(separator: ",")
        return "\"sync\":\"\(word)\",\"syncCounts\":{\(counts)}"
    }

    /// A string as a JSON literal.
    static func quoted(_ text: String?) -> String {
        guard let text else { return "null" }
        var json = ""
        JSONLines.appendString(text, to: &json)
        return json
    }
}
