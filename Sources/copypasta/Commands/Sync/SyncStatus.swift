import ArgumentParser
import CopypastaCore
import CopypastaStore
import CopypastaSync
import Glibc

extension Copypasta {
    /// `copypasta sync status`.
    struct SyncStatus: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show whether sync is on, how many entries are in each state, and when each device was last heard from.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print one JSON object.")
        var json = false

        func run() throws {
            let config = try global.loadConfig()
            let store = try global.openStore()
            let summary = try SyncSummary(store)
            let peers = try store.syncPeers()
            let folder = config.syncFolderPath(home: Environment.home)
            let problem = folder.flatMap { Self.problem(folder: $0, paths: global.paths(), store: store) }
            let me = try? DeviceIdentity.load(global.paths()).id
            let limits = folder.map { SyncLimits.note(mine: config.maxEntries, folder: SyncFolder(root: $0), me: me) } ?? ""
            let stale = Status.staleConfig(try Status.daemonStatus(socket: global.paths().socket))
            Output.standard.write(
                json
                    ? Self.json(summary, peers, folder: folder, problem: problem ?? stale, limits: limits)
                    : Self.human(summary, peers, folder: folder, problem: problem) + (stale.map { "config: \($0)\n" } ?? "")
                        + limits)
            Output.standard.flush()
        }

        /// What keeps this machine from syncing, read from its keys and the folder: not joined,
        /// waiting for approval, a damaged key file, a folder that is not mounted or belongs to
        /// another history. Nil when nothing does.
        static func problem(folder: String, paths: Paths, store: HistoryStore) -> String? {
            if let clash = try? store.identityClash() { return clash }
            guard access(DeviceIdentity.path(paths), F_OK) == 0 else {
                return "this machine has not joined a history (copypasta sync init or sync join)"
            }
            guard access(SyncKey.path(paths), F_OK) == 0 else {
                return
                    "waiting for a member to approve this machine (copypasta sync approve), or for its code (sync join --code -)"
            }
            do {
                _ = try DeviceIdentity.load(paths)
                try SyncFolder(root: folder).checkMarker(key: try SyncKey.load(paths))
                return nil
            } catch {
                return "\(error)"
            }
        }

        /// The `key: value` lines for a terminal, one `device` line per other machine.
        static func human(_ summary: SyncSummary, _ peers: [SyncPeer], folder: String?, problem: String?) -> String {
            var out = summary.humanLine + "folder: \(folder ?? "(not configured: set sync-folder)")\n"
            if let problem { out += "problem: \(problem)\n" }
            for peer in peers {
                var notes: [String] = []
                if !peer.approved { notes.append("not approved") }
                if peer.removed { notes.append("removed") }
                out +=
                    "device \(peer.name ?? peer.device) (\(peer.device))\(notes.isEmpty ? "" : " [" + notes.joined(separator: ", ") + "]"): "
                    + "last received \(peer.lastReceivedAt?.iso8601 ?? "never"), "
                    + "last acknowledged \(peer.lastAckAt?.iso8601 ?? "never")\n"
            }
            return out
        }

        /// One JSON object.
        static func json(_ summary: SyncSummary, _ peers: [SyncPeer], folder: String?, problem: String?, limits: String) -> String
        {
            let devices = peers.map { peer in
                "{\"device\":\(SyncSummary.quoted(peer.device)),\"name\":\(SyncSummary.quoted(peer.name)),"
                    + "\"approved\":\(peer.approved),\"removed\":\(peer.removed),"
                    + "\"lastReceivedAt\":\(SyncSummary.quoted(peer.lastReceivedAt?.iso8601)),"
                    + "\"lastAckAt\":\(SyncSummary.quoted(peer.lastAckAt?.iso8601))}"
            }
            return
                "{\(summary.jsonFields),\"folder\":\(SyncSummary.quoted(folder)),\"problem\":\(SyncSummary.quoted(problem)),"
                + (limits.isEmpty ? "" : "\"maxEntriesNote\":\(SyncSummary.quoted(limits)),")
                + "\"devices\":[\(devices.joined(separator: ","))]}\n"
        }
    }
}
