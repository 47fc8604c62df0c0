import ArgumentParser
import CopypastaCore
import CopypastaDaemon
import Glibc

extension Copypasta {
    /// `copypasta serve ID`: the background server `copy` starts when no daemon runs (internal).
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Own a selection with one entry until another client takes it (started by copy).",
            shouldDisplay: false)

        @OptionGroup var global: GlobalOptions

        @OptionGroup var secret: PassphraseOptions

        @Argument(help: "The entry's id.")
        var id: Int64

        @Option(help: "Comma-separated selections to own.")
        var selections = "clipboard"

        @Flag(help: "Paste the entry into the focused window, then put the previous CLIPBOARD content back.")
        var paste = false

        func run() throws {
            let chosen = selections.split(separator: ",").compactMap { Config.Selection(rawValue: String($0)) }
            let keeper: SelectionKeeper
            var pasting: PasteSessionHandle?
            do {
                let config = try global.loadConfig()
                keeper = try SelectionKeeper(displayName: nil)
                // No daemon holds a key here: `copy` passes a secure entry's passphrase on stdin.
                let store = try global.openStore()
                if try store.isSecure(id: id) == true {
                    keeper.key = try secret.key(store: store, config: config, create: false)
                }
                if paste {
                    pasting = try keeper.startPaste(id: id, store: global.openStore(), config: config, paths: global.paths())
                } else {
                    try keeper.take(
                        id: id, selections: chosen.isEmpty ? [.clipboard] : chosen, store: global.openStore(), config: config,
                        paths: global.paths())
                }
            } catch let failure as CopypastaFailure {
                report(IPCMessage.encodeError(IPCError(status: failure.exitStatus, message: failure.description)))
                throw ExitCode(failure.exitStatus.rawValue)
            }
            report("ok")
            if let pasting {
                guard keeper.finishPaste(pasting) else { throw ExitCode(ExitStatus.unavailable.rawValue) }
                // Nothing to put back (the clipboard had no owner, or a password manager's): the
                // paste is done and no process stays behind; the clipboard is empty again, as before.
                guard pasting.putsPreviousBack else { return }
            }
            let status = keeper.serve()
            if status != .success { throw ExitCode(status.rawValue) }
        }

        /// Tells the waiting `copy` how it went, then lets go of stdout so it can exit.
        private func report(_ line: String) {
            Terminal.writeAll(1, Array((line + "\n").utf8))
            close(1)
        }
    }
}
