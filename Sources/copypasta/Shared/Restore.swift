import ArgumentParser
import CopypastaClient
import CopypastaCore
import CopypastaSystem
import Glibc

/// Puts an entry back on the clipboard: through the running daemon, or
/// else through a background server of our own (docs/DESIGN.md §4). Either way it
/// returns only once the X server confirms the ownership.
enum Restore {
    /// Restores entry `id` to `selections`; returns once the ownership is confirmed.
    /// With `paste`, the entry goes to CLIPBOARD, the paste keystroke follows and the previous content
    /// is put back afterwards (`copypasta paste`).
    ///
    /// A secure entry the daemon cannot open (no key, or it relocked) is refused with 77: the
    /// passphrase is then asked for here, sent to the daemon to unlock, and the request sent again.
    static func entry(
        _ id: Int64, selections: [Config.Selection], global: GlobalOptions, paste: Bool = false,
        secret: PassphraseOptions = .pinentry
    ) throws {
        let paths = global.paths()
        // An id of another database than the daemon's is served by a background server of our own.
        if DaemonDatabaseRecord.isOther(than: paths.database, runtimeDirectory: paths.runtimeDirectory) {
            return try serveInBackground(id, selections: selections, global: global, paste: paste, secret: secret)
        }
        let request: IPCMessage.Request = paste ? .paste(id: id) : .restore(id: id, selections: selections)
        do {
            do {
                try DaemonClient.send(request, socketPath: paths.socket)
            } catch let ClientError.refused(status, message) where status == .noPermission {
                let store = try global.openStore()
                guard try store.isSecure(id: id) == true else { throw ClientError.refused(status: status, message: message) }
                var passphrase = try secret.passphrase(config: try global.loadConfig(), choosing: false)
                defer { Sodium.wipe(&passphrase) }
                try DaemonClient.send(.unlock(passphrase: passphrase), socketPath: paths.socket)
                try DaemonClient.send(request, socketPath: paths.socket)
            }
            return
        } catch ClientError.notRunning {
            // No daemon: serve the entry from a background process of our own.
        }
        try serveInBackground(id, selections: selections, global: global, paste: paste, secret: secret)
    }

    /// Starts `copypasta serve` detached and waits for its readiness line.
    ///
    /// A secure entry's passphrase is asked for here, where the terminal is, and handed to the
    /// server on its stdin: the server runs in a session of its own, without a terminal.
    private static func serveInBackground(
        _ id: Int64, selections: [Config.Selection], global: GlobalOptions, paste: Bool, secret: PassphraseOptions
    ) throws {
        guard getenv("DISPLAY").map({ $0.pointee != 0 }) ?? false else { throw ClientError.noDisplay }
        let paths = global.paths()
        // The background server opens the entry itself and reports an unknown id (66) before `copy` returns.
        var argv = [executablePath(), "serve", String(id), "--selections", selections.map(\.rawValue).joined(separator: ",")]
        argv += ["--db", paths.database, "--config", paths.configFile]
        if paste { argv.append("--paste") }
        var passphrase =
            try global.openStore().isSecure(id: id) == true
            ? try secret.passphrase(config: try global.loadConfig(), choosing: false) : []
        defer { Sodium.wipe(&passphrase) }
        if !passphrase.isEmpty { argv += ["--passphrase-fd", "0"] }
        let ready = try Launcher.startDetached(argv, seconds: 15, input: passphrase.isEmpty ? nil : passphrase)
        if ready == "ok" { return }
        guard !ready.isEmpty else { throw ClientError.serverSilent }
        switch IPCMessage.decodeReply(ready, to: .restore(id: id, selections: selections)) {
        case .success: return
        case let .failure(error): throw ClientError.refused(status: error.status, message: error.message)
        }
    }

    /// This program's own path, to start the background server with.
    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
